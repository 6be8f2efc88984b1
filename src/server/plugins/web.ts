import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FIRST_ANSWERS_ID, firstAnswers } from '../../shared/first-answers';
import { ROUTE_PATHS } from '../../shared/routes';
import { thumbnail } from '../../shared/pictures';
import { shareTargetFor, withShareMeta } from './share-meta';

const SPA_ROUTES = new Set<string>(ROUTE_PATHS);

/** Written by the web build (tools/route-preloads-plugin.ts): per route, what its screen loads beyond the entry. */
interface RoutePreloads {
  /** The pictures the entry uses (the icon sprite): drawn by the shell's tab bar, never a preload hint. */
  all: string[];
  /** Each route's JS and CSS. */
  routes: Record<string, string[]>;
  /** Each route's title and the tab bar's items (src/web/app/tabs.ts), for the page's shell. */
  shell?: { titles: Record<string, string>; tabs: { to: string; label: string; icon: string }[] };
}

function readPreloads(root: string): RoutePreloads | null {
  try {
    return JSON.parse(readFileSync(path.join(root, '.vite/route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return null;
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The route's preload hints, placed before `</head>`: its screen's chunks and styles download beside the entry
 * instead of after it has run. The icon sprite (`all`) gets none: the tab bar's `<use>` fetches it as a document, not as the
 * picture a preload `as="image"` asks for, so Chromium parsed the preloaded copy as a picture on the main thread for
 * nothing (50 ms at 4× CPU slowdown, decision 035) and `<use>` asked again.
 */
export function withPreloads(html: string, preloads: RoutePreloads | null, route: string | null): string {
  const files = route ? (preloads?.routes[route] ?? []) : [];
  const links = files.map((f) => {
    const href = escapeAttr(`/${f}`);
    // Low priority: the entry's own files (Vite's hints, above) come first, since nothing shows before they have run.
    return f.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`
      : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;
  });
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// index.html marks the content of #root that a page may replace: `<!--shell-->…<!--/shell-->`.
const SHELL = /<!--shell-->[\s\S]*?<!--\/shell-->/;

/**
 * The route's top bar and (on a tab screen) tab bar, drawn into the page as the app's layout draws them
 * (src/web/app/layout.tsx, same classes and texts), with the loading spinner in the main area: the screen has
 * its frame and title at the first paint instead of after the script, and nothing moves when the app replaces
 * them. Before the script runs the tab links work as plain links. Unknown routes keep the plain spinner.
 */
export function withShell(html: string, preloads: RoutePreloads | null, route: string | null): string {
  const shell = preloads?.shell;
  const title = route ? shell?.titles[route] : undefined;
  if (!shell || !title || !SHELL.test(html)) return html;
  const sprite = preloads.all.find((f) => f.endsWith('.svg'));
  const isTab = shell.tabs.some((t) => t.to === route);
  const icon = (name: string) =>
    sprite
      ? `<svg class="antd-mobile-icon tab-bar-icon" width="1em" height="1em" style="vertical-align: -0.125em;" aria-hidden="true" focusable="false"><use href="${escapeAttr(`/${sprite}#${name}`)}"></use></svg>`
      : '';
  const tabs = isTab
    ? `<nav class="tab-bar" aria-label="主選單">${shell.tabs
        .map(
          (t) =>
            `<a class="tab-bar-item${t.to === route ? ' active' : ''}"${t.to === route ? ' aria-current="page"' : ''} href="${escapeAttr(t.to)}">${icon(t.icon)}<span class="tab-bar-label">${escapeText(t.label)}</span></a>`,
        )
        .join('')}</nav>`
    : '';
  const page =
    `<div class="app-shell"><header class="app-header"><div class="nav-bar"><div class="nav-bar-side"></div><h1 class="app-title">${escapeText(title)}</h1><div class="nav-bar-side"></div></div></header>` +
    `<main class="${isTab ? 'app-main with-tabs' : 'app-main'}" aria-label="${escapeAttr(title)}"><div class="screen-loading" role="status" aria-live="polite"><span class="spinner spinner-large" aria-hidden="true"></span><span class="visually-hidden">載入中…</span></div></main>${tabs}</div>`;
  return html.replace(SHELL, () => page);
}

/** Only the app's own pictures are hinted (the CSP allows no others). */
const isOwnPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

const imageHint = (href: string) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(href)}">`;

/**
 * Asks the app for one public answer on a page's visitor's behalf (counted against the visitor's rate limit,
 * as the call the page saves them would be): the serialised envelope, or null when it is not a 200.
 */
export type PublicAnswer = (url: string, request: FastifyRequest) => Promise<string | null>;

/** How long a page waits for its first answers (from the public cache: well under a millisecond when kept). */
export const FIRST_ANSWERS_WAIT_MS = 250;

/** The first answers a page carries: `{ [url]: envelope }` (successes only), and its largest picture (none or one). */
export interface PageAnswers {
  answers: Record<string, unknown>;
  images: string[];
}

/** The route's first answers (src/shared/first-answers.ts), or null: none listed, an error, a failure or too slow. */
export async function pageAnswers(
  route: string,
  query: URLSearchParams,
  ask: (url: string) => Promise<string | null>,
  waitMs = FIRST_ANSWERS_WAIT_MS,
): Promise<PageAnswers | null> {
  const spec = firstAnswers(route, query);
  if (!spec) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const bodies = await Promise.race([Promise.all(spec.urls.map((url) => ask(url).catch(() => null))), late]).finally(
    () => clearTimeout(timer),
  );
  if (!bodies) return null;
  const answers: Record<string, unknown> = {};
  spec.urls.forEach((url, i) => {
    const body = bodies[i];
    if (!body) return;
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null && (parsed as { code?: unknown }).code === 200)
        answers[url] = parsed;
    } catch {
      // Not an envelope: the client asks for it itself.
    }
  });
  if (Object.keys(answers).length === 0) return null;
  const data = spec.imageFrom ? (answers[spec.imageFrom] as { data?: unknown } | undefined)?.data : undefined;
  // A list's first row's picture only: preloads of the next rows' start no earlier than the list asks for them
  // (Chrome holds low-priority requests while the scripts load), and at high priority they slow the scripts.
  const first: unknown = Array.isArray(data) ? data[0] : data;
  const image = typeof first === 'object' && first !== null ? (first as { image?: unknown }).image : undefined;
  if (typeof image !== 'string' || !isOwnPath(image)) return { answers, images: [] };
  return { answers, images: [spec.thumbnail ? thumbnail(image) : image] };
}

/**
 * The page with its first answers: a JSON block the request client reads its first calls from (every `<` escaped,
 * so no answer can close the block), and a high-priority preload of the list's first picture: it downloads beside
 * the script instead of after the script has run and drawn the list.
 */
export function withAnswers(html: string, page: PageAnswers | null): string {
  if (!page) return html;
  const json = JSON.stringify(page.answers).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
  const withBlock = html.includes('</body>') ? html.replace('</body>', () => `${block}\n  </body>`) : `${html}${block}`;
  const hints = page.images.map((href) => imageHint(href));
  return hints.length ? withBlock.replace('</head>', () => `  ${hints.join('\n    ')}\n  </head>`) : withBlock;
}

/**
 * How long a browser keeps a file of the build. The service worker (sw.js) and the web app manifest are checked
 * on every visit, so a new version is found at once (browsers cap a worker's cache at 24 h anyway); the offline
 * page is revisioned by the worker's precache. Hashed assets never change.
 */
export function cacheControlOf(rel: string): string {
  const file = rel.replace(/\.(br|gz)$/, '');
  if (file === 'sw.js' || file === 'manifest.webmanifest') return 'no-cache';
  if (file.startsWith('assets') || /^workbox-[\w-]+\.js$/.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets with long cache headers, and index.html for every
 * screen of the seed (history fallback), admin.html for `/admin` and `/admin/*` (the back office). Unknown `/api/*` paths answer the 404 envelope.
 */
/** The home screen's largest picture (its first banner): preloaded by "/" so it does not wait for the script and the API call. */
export type HomeImage = () => Promise<string | null>;

// Asked at most once per interval: the banner changes when an operator edits it, and a stale hint only costs a download.
const HOME_IMAGE_TTL_MS = 10_000;

export async function webPlugin(
  app: FastifyInstance,
  opts: {
    root: string;
    production?: boolean;
    homeImage?: HomeImage;
    publicAnswer?: PublicAnswer;
    /** The origin a shared page's links start with (PUBLIC_URL, or the visitor's own for this server). */
    origin?: (request: FastifyRequest) => string;
  },
) {
  const production = opts.production ?? false;
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  const adminFile = path.join(root, 'admin.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each file (tools/precompress-plugin.ts): sent as they are.
      preCompressed: true,
      // The build's own records (.vite/manifest.json…) are not part of the site.
      dotfiles: 'ignore',
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        res.header('Cache-Control', cacheControlOf(rel));
        if (/\.webmanifest(\.(br|gz))?$/.test(rel)) res.header('Content-Type', 'application/manifest+json');
      },
    });
  } else {
    app.log.warn({ root }, 'web build not found; run `npm run build:web` (or use `npm run dev`)');
  }

  // Cached in production (one page per route); read afresh otherwise so a rebuild shows without a restart.
  const pages = new Map<string, string>();
  const html = (route: string | null) => {
    const key = route ?? '';
    const cached = production ? pages.get(key) : undefined;
    if (cached !== undefined) return cached;
    const preloads = readPreloads(root);
    const page = withShell(withPreloads(readFileSync(indexFile, 'utf8'), preloads, route), preloads, route);
    if (production) pages.set(key, page);
    return page;
  };
  // The page's first answers, asked afresh for every page (the public cache keeps them cheap and exact).
  const answersFor = (route: string | null, request: FastifyRequest): Promise<PageAnswers | null> => {
    const ask = opts.publicAnswer;
    if (!route || !ask) return Promise.resolve(null);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return pageAnswers(route, query, (url) => ask(url, request)).catch(() => null);
  };
  // A shared screen's preview (issue 23): asked beside the first answers, within the same wait.
  const shareFor = (route: string | null, request: FastifyRequest) => {
    const ask = opts.publicAnswer;
    if (!route || !ask || !opts.origin) return Promise.resolve(null);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return shareTargetFor(route, query, (url) => ask(url, request), FIRST_ANSWERS_WAIT_MS).catch(() => null);
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: number, route: string | null) => {
    const [answers, share] = await Promise.all([answersFor(route, request), shareFor(route, request)]);
    const base = share && opts.origin ? withShareMeta(html(route), share, opts.origin(request)) : html(route);
    const page = withAnswers(base, answers);
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  };

  let homeImage: { href: string | null; at: number } = { href: null, at: -Infinity };
  const homeImageHint = async (): Promise<string> => {
    if (!opts.homeImage) return '';
    if (Date.now() - homeImage.at > HOME_IMAGE_TTL_MS) {
      // Never fails the page: without the hint the picture still comes, later.
      const href = await opts.homeImage().catch(() => null);
      homeImage = { href, at: Date.now() };
    }
    const href = homeImage.href;
    return href && isOwnPath(href) ? imageHint(href) : '';
  };
  // The back office is its own entry (admin.html): /admin and everything under it, never the mobile app.
  let adminHtml: string | null = null;
  const admin = () => (production ? (adminHtml ??= readFileSync(adminFile, 'utf8')) : readFileSync(adminFile, 'utf8'));
  const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

  // Browsers (and pages without a <link rel="icon">, such as a PDF or an old bookmark) ask for /favicon.ico:
  // it answers the app's SVG icon with its type, which every current browser takes at any address.
  const faviconFile = path.join(root, 'favicon.svg');
  if (existsSync(faviconFile)) {
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(readFileSync(faviconFile)),
    );
  }

  // The home screen: the static plugin would see a directory here.
  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const [hint, answers] = await Promise.all([homeImageHint(), answersFor('/', request)]);
      const page = withAnswers(html('/'), answers);
      // The embedded banners name the picture themselves; the separate look-up covers a page without them.
      if (answers?.images.length)
        return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
      return reply
        .status(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(hint ? page.replace('</head>', `  ${hint}\n  </head>`) : page);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: 404, msg: '找不到此介面', data: null });
    }
    if (isAdminPath(pathname) && existsSync(adminFile)) {
      return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(admin());
    }
    const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const known = SPA_ROUTES.has(route);
    return sendIndex(request, reply, known ? 200 : 404, known ? route : null);
  });
}

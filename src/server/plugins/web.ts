import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ROUTE_PATHS } from '../../shared/routes';

const SPA_ROUTES = new Set<string>(ROUTE_PATHS);

/** Written by the web build (tools/route-preloads-plugin.ts): per route, what its screen loads beyond the entry. */
interface RoutePreloads {
  all: string[];
  routes: Record<string, string[]>;
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
 * instead of after it has run, and the icon sprite before the tab bar asks for it.
 */
export function withPreloads(html: string, preloads: RoutePreloads | null, route: string | null): string {
  if (!preloads) return html;
  const files = [...preloads.all, ...(route ? (preloads.routes[route] ?? []) : [])];
  const links = files.map((f) => {
    const href = escapeAttr(`/${f}`);
    if (f.endsWith('.js')) return `<link rel="modulepreload" crossorigin href="${href}">`;
    if (f.endsWith('.css')) return `<link rel="preload" as="style" crossorigin href="${href}">`;
    return `<link rel="preload" as="image" href="${href}">`;
  });
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/**
 * Serves the built web app: hashed assets with long cache headers, and index.html for every
 * screen of the seed (history fallback), admin.html for `/admin` and `/admin/*` (the back office). Unknown `/api/*` paths answer the 404 envelope.
 */
/** The home screen's largest picture (its first banner): preloaded by "/" so it does not wait for the script and the API call. */
export type HomeImage = () => Promise<string | null>;

// Asked at most once per interval: the banner changes when an operator edits it, and a stale hint only costs a download.
const HOME_IMAGE_TTL_MS = 10_000;

export async function webPlugin(app: FastifyInstance, opts: { root: string; production?: boolean; homeImage?: HomeImage }) {
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
        res.header('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
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
    const page = withPreloads(readFileSync(indexFile, 'utf8'), readPreloads(root), route);
    if (production) pages.set(key, page);
    return page;
  };
  const sendIndex = (reply: FastifyReply, status: number, route: string | null) =>
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html(route));

  let homeImage: { href: string | null; at: number } = { href: null, at: -Infinity };
  const homeImageHint = async (): Promise<string> => {
    if (!opts.homeImage) return '';
    if (Date.now() - homeImage.at > HOME_IMAGE_TTL_MS) {
      // Never fails the page: without the hint the picture still comes, later.
      const href = await opts.homeImage().catch(() => null);
      homeImage = { href, at: Date.now() };
    }
    const href = homeImage.href;
    // Only the app's own pictures (the CSP allows no others).
    if (!href || !href.startsWith('/') || href.startsWith('//')) return '';
    return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(href)}">`;
  };
  // The back office is its own entry (admin.html): /admin and everything under it, never the mobile app.
  let adminHtml: string | null = null;
  const admin = () => (production ? (adminHtml ??= readFileSync(adminFile, 'utf8')) : readFileSync(adminFile, 'utf8'));
  const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

  // The home screen: the static plugin would see a directory here.
  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      const hint = await homeImageHint();
      const page = html('/');
      return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(hint ? page.replace('</head>', `  ${hint}\n  </head>`) : page);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: 404, msg: '找不到此介面', data: null });
    }
    if (isAdminPath(pathname) && existsSync(adminFile)) {
      return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(admin());
    }
    const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const known = SPA_ROUTES.has(route);
    return sendIndex(reply, known ? 200 : 404, known ? route : null);
  });
}

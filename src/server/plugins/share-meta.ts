import type { ShareKind } from '../../shared/schemas/share';
import { ogImagePath, SHARE_SOURCES, shareTarget, type ShareTarget } from '../../shared/share';

/** The screens a share link opens, and what each previews (issue 23, docs/decisions/036-share-links.md). */
export const SHARE_ROUTES: Record<string, ShareKind> = {
  '/mall/detail': 'card-info',
  '/mall/goodsDetail': 'product',
  '/market/detail': 'listing',
  '/market/user': 'seller',
  '/card': 'card',
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Everything a page's meta tags carry, escaped for an attribute or text. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * What a link to this page previews, from the same public answer the screen asks for (through the public cache:
 * decision 013), or null: not a shared screen, no id, an unknown id, a private card, an error or too slow. Whatever
 * the reason, the page is then the plain one, so it tells nobody whether a private card exists.
 */
export async function shareTargetFor(
  route: string,
  query: URLSearchParams,
  ask: (url: string) => Promise<string | null>,
  waitMs: number,
): Promise<ShareTarget | null> {
  const kind = SHARE_ROUTES[route];
  const id = query.get('id');
  if (!kind || !id || !ID.test(id)) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const asked = ask(`${SHARE_SOURCES[kind]}?id=${encodeURIComponent(id)}`).catch(() => null);
  const body = await Promise.race([asked, late]).finally(() => clearTimeout(timer));
  if (!body) return null;
  try {
    const env = JSON.parse(body) as { code?: unknown; data?: unknown };
    return env.code === 200 && env.data ? shareTarget(kind, id, env.data as never) : null;
  } catch {
    return null;
  }
}

/** The Open Graph and Twitter tags of a shared page, and its canonical link; every value escaped. */
export function shareMetaTags(t: ShareTarget, origin: string): string {
  const url = `${origin}${t.page}`;
  const image = `${origin}${ogImagePath(t)}`;
  const props: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Trove 寶庫'],
    ['og:locale', 'zh_HK'],
    ['og:title', t.title],
    ['og:description', t.description],
    ['og:url', url],
    ['og:image', image],
    ['og:image:type', 'image/jpeg'],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:image:alt', t.title],
  ];
  const names: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', t.title],
    ['twitter:description', t.description],
    ['twitter:image', image],
  ];
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...props.map(([p, v]) => `<meta property="${p}" content="${escapeHtml(v)}">`),
    ...names.map(([n, v]) => `<meta name="${n}" content="${escapeHtml(v)}">`),
  ].join('\n    ');
}

/** The page with the link's preview: its title and description replaced, the tags before `</head>`. */
export function withShareMeta(html: string, t: ShareTarget | null, origin: string): string {
  if (!t) return html;
  const title = `${t.title}｜Trove 寶庫`;
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(t.description)}">`)
    .replace('</head>', () => `  ${shareMetaTags(t, origin)}\n  </head>`);
}

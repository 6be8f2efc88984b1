/**
 * What a share link shows of the thing it names (issue 23, docs/decisions/036-share-links.md): the title, the
 * description (with the price), the picture and the page. One mapping from the public answers, used by the page's
 * Open Graph tags (src/server/plugins/share-meta.ts) and by the preview picture (modules/share): both name the same
 * version, so the picture's link changes exactly when what it draws changes.
 */
import { LISTING_SIDE_LABELS, sideOfSellType } from './market-labels';
import { formatHkd } from './money';
import type { SellerProfile, MarketDetail } from './schemas/market';
import type { CardInfoDetail, ProductDetail } from './schemas/prices';
import type { PublicCard, ShareKind } from './schemas/share';

export interface ShareTarget {
  kind: ShareKind;
  id: string;
  title: string;
  description: string;
  /** The picture drawn into the preview (the app's own path, or an uploaded image's URL); null draws none. */
  image: string | null;
  /** The price the preview prints, in cents; null when none applies (a storefront, a card not for sale). */
  priceCents: number | null;
  /** The page the link opens: path and query. */
  page: string;
  /** Changes when the title, price or picture changes (and with the drawing itself, RENDER_VERSION). */
  version: string;
}

/** Bumped when the preview's drawing changes, so every preview's link changes with it. */
const RENDER_VERSION = '1';

/** The screen a share link of each kind opens. */
export const SHARE_PAGES: Record<ShareKind, string> = {
  'card-info': '/mall/detail',
  product: '/mall/goodsDetail',
  listing: '/market/detail',
  seller: '/market/user',
  card: '/card',
};

/** The public API answer each kind's preview is made from. */
export const SHARE_SOURCES: Record<ShareKind, string> = {
  'card-info': '/api/cardInfo/detail',
  product: '/api/product/detail',
  listing: '/api/market/detail',
  seller: '/api/market/userInfo',
  card: '/api/card/public',
};

/** 64-bit FNV-1a of a string, base 36: a cache key, not a secret (it runs in the browser's shared code too). */
function fnv(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return h.toString(36);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

function target(
  kind: ShareKind,
  id: string,
  t: { title: string; description: string; image: string | null; priceCents: number | null },
): ShareTarget {
  const title = clip(t.title, 80);
  const description = clip(t.description, 200);
  const version = fnv(JSON.stringify([RENDER_VERSION, title, t.priceCents, t.image]));
  const page = `${SHARE_PAGES[kind]}?id=${encodeURIComponent(id)}`;
  return { kind, id, title, description, image: t.image, priceCents: t.priceCents, page, version };
}

/** Data of the answers by kind (the `data` of each SHARE_SOURCES envelope). */
export interface ShareSources {
  'card-info': CardInfoDetail;
  product: ProductDetail;
  listing: MarketDetail;
  seller: SellerProfile;
  card: PublicCard;
}

/** The preview of one thing from its public answer; null when the answer does not fit (a listing asked by card info). */
export function shareTarget<K extends ShareKind>(kind: K, id: string, data: ShareSources[K]): ShareTarget | null {
  switch (kind) {
    case 'card-info': {
      const c = data as CardInfoDetail;
      const price = c.priceCents ?? c.marketPrice.price;
      const priceText =
        c.priceCents !== null ? `商城價 ${formatHkd(c.priceCents)}` : price !== null && `市場價 ${formatHkd(price)}`;
      return target(kind, id, {
        title: c.name,
        description: joined(priceText, c.theme.name, c.rarity, `限量 ${c.editionSize} 張`),
        image: c.image,
        priceCents: price,
      });
    }
    case 'product': {
      const p = data as ProductDetail;
      return target(kind, id, {
        title: p.name,
        description: joined(`售價 ${formatHkd(p.priceCents)}`, clip(p.description, 120)),
        image: p.image || null,
        priceCents: p.priceCents,
      });
    }
    case 'listing': {
      const d = data as MarketDetail;
      const l = d.listing;
      if (!l) return null;
      const side = LISTING_SIDE_LABELS[sideOfSellType(l.sell_type)];
      return target(kind, id, {
        title: joined(d.item.name, l.serialLabel),
        description: joined(`${side} ${formatHkd(l.price)}`, `${l.user.nickname} 的掛單`, d.item.rarity),
        image: l.itemImage || d.item.image,
        priceCents: l.price,
      });
    }
    case 'seller': {
      const s = data as SellerProfile;
      return target(kind, id, {
        title: `${s.nickname} 的店舖`,
        description: joined(`${s.activeListings} 件掛單`, s.bio && clip(s.bio, 120)),
        image: s.avatar,
        priceCents: null,
      });
    }
    case 'card': {
      const c = data as PublicCard;
      return target(kind, id, {
        title: joined(c.name, c.serialLabel),
        description: joined(
          `${c.owner.nickname} 的收藏`,
          c.themeName,
          c.rarity,
          `轉手 ${c.provenance.filter((e) => e.kind === 'transferred').length} 次`,
        ),
        image: c.image,
        priceCents: null,
      });
    }
    default:
      return null;
  }
}

/** The preview picture's link (relative to the site). */
export const ogImagePath = (t: Pick<ShareTarget, 'kind' | 'id' | 'version'>) =>
  `/api/og/image.jpg?kind=${t.kind}&id=${encodeURIComponent(t.id)}&v=${t.version}`;

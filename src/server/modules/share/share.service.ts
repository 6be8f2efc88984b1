import { MarketDetailQuerySchema } from '../../../shared/schemas/market-requests';
import type { ShareKind } from '../../../shared/schemas/share';
import { shareTarget, type ShareTarget } from '../../../shared/share';
import { formatHkd } from '../../../shared/money';
import type { ArtSource } from '../../adapters/art-source';
import { AppError, notFound } from '../../errors';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { CollectionService } from '../collection/collection.service';
import type { MarketService } from '../market/market.service';
import { renderOgImage } from './og-image';

/** What sharing reads of other modules: their public answers, nothing else. */
export interface ShareServices {
  catalogue: Pick<CatalogueService, 'cardInfo' | 'product'>;
  market: Pick<MarketService, 'detail' | 'userInfo'>;
  collection: Pick<CollectionService, 'publicCard'>;
}

export interface OgImage {
  jpeg: Buffer;
  etag: string;
  version: string;
}

/** Pictures kept in memory (each some 40–120 KB): the ones being shared right now. */
const MAX_IMAGES = 200;

/**
 * Share links (issue 23, docs/decisions/036-share-links.md): what a link to a card info, product, listing,
 * storefront or public card previews, and its 1200 × 630 picture, drawn once per version and kept in memory.
 */
export function createShareService(svc: ShareServices, art: ArtSource) {
  const images = new Map<string, OgImage>();
  const drawing = new Map<string, Promise<OgImage>>();

  /** The public answer behind a preview; null for what nobody may see (missing, private, closed). */
  async function source(kind: ShareKind, id: string) {
    switch (kind) {
      case 'card-info':
        return svc.catalogue.cardInfo(id);
      case 'product':
        return svc.catalogue.product(id);
      case 'listing':
        return svc.market.detail(null, MarketDetailQuerySchema.parse({ id }));
      case 'seller':
        return svc.market.userInfo(id);
      case 'card':
        return svc.collection.publicCard(id);
    }
  }

  const draw = async (t: ShareTarget): Promise<OgImage> => {
    const jpeg = await renderOgImage({
      title: t.title,
      price: t.priceCents === null ? null : formatHkd(t.priceCents),
      subtitle: t.description,
      art: t.image ? await art(t.image) : null,
    });
    return { jpeg, etag: `"og-${t.version}"`, version: t.version };
  };

  return {
    /** What a link to this thing previews, or null when the public cannot see it (a 404 of its own answer). */
    async target(kind: ShareKind, id: string): Promise<ShareTarget | null> {
      try {
        const data = await source(kind, id);
        return shareTarget(kind, id, data as never);
      } catch (err) {
        if (err instanceof AppError && (err.kind === 'not_found' || err.kind === 'invalid')) return null;
        throw err;
      }
    },

    /**
     * `og/image.jpg`: the preview picture, drawn at most once per version (the name, price or art changed) and
     * shared by the requests that ask for it meanwhile. A missing thing and a private card are the same 404.
     */
    async image(q: { kind: ShareKind; id: string }): Promise<OgImage> {
      const t = await this.target(q.kind, q.id);
      if (!t) throw notFound('找不到此圖片');
      const key = `${t.kind}:${t.id}:${t.version}`;
      const kept = images.get(key);
      if (kept) {
        images.delete(key);
        images.set(key, kept);
        return kept;
      }
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw(t).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      const image = await pending;
      images.set(key, image);
      // The old versions of this thing and the least recently shared go first.
      for (const k of images.keys()) if (k.startsWith(`${t.kind}:${t.id}:`) && k !== key) images.delete(k);
      while (images.size > MAX_IMAGES) images.delete(images.keys().next().value!);
      return image;
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;

import type { CardInfo, Product, SaleState } from '../../../shared/schemas/catalogue';
import { longestPriorityWindow } from '../../../shared/schemas/perks';
import type { CardInfoRow, ProductRow } from './catalogue.repository';

/** The public views of card infos and products (the mall's lists and details). */

/** The rights of every card info that grants a priority window (the upcoming items' early start). */
export type PriorityRights = Parameters<typeof longestPriorityWindow>[0];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The sale fields card infos and products show alike. */
function saleView(
  r: Pick<
    CardInfoRow | ProductRow,
    'perUserLimit' | 'hot' | 'left' | 'saleStartsAt' | 'saleEndsAt' | 'saleState' | 'rights'
  >,
) {
  return {
    perUserLimit: r.perUserLimit,
    hot: r.hot,
    left: Math.max(0, r.left),
    saleStartsAt: iso(r.saleStartsAt),
    saleEndsAt: iso(r.saleEndsAt),
    saleState: r.saleState,
    rights: r.rights,
  };
}

/** When holders of a priority right may buy an upcoming item (decision 029): null when no right opens it early. */
function priorityStartsAt(r: { saleState: SaleState; saleStartsAt: Date | null }, hours: number): string | null {
  if (r.saleState !== 'upcoming' || !r.saleStartsAt || hours <= 0) return null;
  return new Date(r.saleStartsAt.getTime() - hours * 3_600_000).toISOString();
}

export function toCardInfo(r: CardInfoRow, priority: PriorityRights): CardInfo {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    image: r.image,
    rarity: r.rarity,
    theme: { id: r.themeId, name: r.themeName },
    editionSize: r.editionSize,
    minted: r.minted,
    isBCard: r.isBCard,
    priceCents: r.isBCard ? null : r.priceCents,
    ...saleView(r),
    priorityStartsAt: priorityStartsAt(r, longestPriorityWindow(priority, r.themeId)),
  };
}

export function toProduct(r: ProductRow, priority: PriorityRights): Product {
  return {
    id: r.id,
    type: r.type === 1 ? 1 : 0,
    name: r.name,
    description: r.description,
    image: r.images[0] ?? '',
    images: r.images,
    stock: r.stock,
    sold: r.sold,
    priceCents: r.priceCents,
    ...saleView(r),
    priorityStartsAt: priorityStartsAt(r, longestPriorityWindow(priority, null)),
  };
}

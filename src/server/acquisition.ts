import type { ItemVia } from '../shared/schemas/collection';
import { newId } from './adapters/ids';

/** How new items reach their owner: by what, behind which order or code, at what price and when. */
export interface Acquisition {
  ownerId: string;
  via: ItemVia;
  /** The pay order, exchange code or theme exchange behind it. */
  refId: string;
  /** Unit price paid, recorded in the provenance; null when nothing was paid. */
  priceCents?: number | null;
  at: Date;
}

/**
 * `quantity` new items (minted cards, created goods) for one acquisition: each with its id, the
 * owner and acquisition columns of its row and its first provenance event. The caller adds what its
 * kind of item has of its own (card info and serial, product) and inserts them.
 */
export function newItems(quantity: number, prefixes: { item: string; event: string }, a: Acquisition) {
  return Array.from({ length: quantity }, (_, index) => {
    const id = newId(prefixes.item);
    return {
      id,
      index,
      row: { id, ownerId: a.ownerId, status: 'held' as const, acquiredVia: a.via, acquiredAt: a.at, createdAt: a.at },
      event: {
        id: newId(prefixes.event),
        via: a.via,
        toUserId: a.ownerId,
        priceCents: a.priceCents ?? null,
        refId: a.refId,
        createdAt: a.at,
      },
    };
  });
}

/** A market sale of one item (a card or a unit of goods): from whom to whom, at what price, behind which pay order. */
export interface MarketSale<Status extends string> {
  id: string;
  fromUserId: string;
  toUserId: string;
  fromStatus: Status;
  priceCents: number;
  refId: string;
}

/** The provenance event of a market sale; the caller adds its kind of item's id column and inserts it. */
export function saleEvent(eventPrefix: string, sale: MarketSale<string>, at: Date) {
  return {
    id: newId(eventPrefix),
    kind: 'transferred' as const,
    via: 'market' as const,
    fromUserId: sale.fromUserId,
    toUserId: sale.toUserId,
    priceCents: sale.priceCents,
    refId: sale.refId,
    createdAt: at,
  };
}

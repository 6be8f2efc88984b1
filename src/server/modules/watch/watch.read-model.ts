/**
 * The watchlist's read model (docs/decisions/033-watchlist.md): what a watched target is and what it trades at now,
 * over tables the catalogue, market and auth modules own. Read-only.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cardInfos, products } from '../../db/schema/catalogue';
import { sellTypeSql } from '../../db/sell-type-sql';
import { listings } from '../../db/schema/market';
import { SELL_TYPE, type SellType } from '../../../shared/market-labels';
import type { WatchKind } from '../../../shared/schemas/watch';

export type ItemKind = 'card' | 'goods';

/** A watched target as the list shows it. */
export interface TargetView {
  id: string;
  name: string;
  image: string | null;
  listing: {
    price: number;
    sell_type: SellType;
    status: (typeof listings.$inferSelect)['status'];
    itemKind: ItemKind;
    itemId: string;
  } | null;
}

export function createWatchReadModel() {
  return {
    /** The targets of one kind that exist, by id. */
    async targets(db: Executor, kind: WatchKind, ids: string[]): Promise<Map<string, TargetView>> {
      if (ids.length === 0) return new Map();
      if (kind === 'cardInfo') {
        const rows = await db
          .select({ id: cardInfos.id, name: cardInfos.name, image: cardInfos.image })
          .from(cardInfos)
          .where(inArray(cardInfos.id, ids));
        return new Map(rows.map((r) => [r.id, { ...r, listing: null }]));
      }
      if (kind === 'product') {
        const rows = await db
          .select({ id: products.id, name: products.name, images: products.images })
          .from(products)
          .where(inArray(products.id, ids));
        return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, image: r.images[0] ?? null, listing: null }]));
      }
      if (kind === 'seller') {
        const rows = await db
          .select({ id: users.id, name: users.nickname, image: users.avatar })
          .from(users)
          .where(inArray(users.id, ids));
        return new Map(rows.map((r) => [r.id, { ...r, listing: null }]));
      }
      const rows = await db
        .select({
          id: listings.id,
          name: listings.itemName,
          image: listings.itemImage,
          price: listings.price,
          sellType: listings.sellType,
          status: listings.status,
          kind: listings.kind,
          cardInfoId: listings.cardInfoId,
          productId: listings.productId,
        })
        .from(listings)
        .where(inArray(listings.id, ids));
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            name: r.name,
            image: r.image || null,
            listing: {
              price: r.price,
              sell_type: SELL_TYPE[r.sellType],
              status: r.status,
              itemKind: r.kind,
              itemId: (r.kind === 'card' ? r.cardInfoId : r.productId) ?? '',
            },
          },
        ]),
      );
    },

    /** Lowest open ask and highest open bid per card info / product (listings past their expiry left out). */
    async bestPrices(db: Executor, kind: ItemKind, ids: string[], now: Date) {
      const best = new Map<string, { ask: number | null; bid: number | null }>();
      if (ids.length === 0) return best;
      const key = kind === 'card' ? listings.cardInfoId : listings.productId;
      const rows = await db
        .select({
          id: sql<string>`${key}`,
          ask: sql<number | null>`min(${listings.price}) filter (where ${listings.sellType} = ${sellTypeSql('sell')})`,
          bid: sql<number | null>`max(${listings.price}) filter (where ${listings.sellType} = ${sellTypeSql('buy')})`,
        })
        .from(listings)
        .where(and(eq(listings.status, 'active'), gt(listings.expiresAt, now), inArray(key, ids)))
        .groupBy(key);
      for (const r of rows)
        best.set(r.id, { ask: r.ask === null ? null : Number(r.ask), bid: r.bid === null ? null : Number(r.bid) });
      return best;
    },
  };
}
export type WatchReadModel = ReturnType<typeof createWatchReadModel>;

import { aliasedTable, and, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardInfos, products } from '../../db/schema/catalogue';
import { payoutAccounts } from '../../db/schema/identity';
import { saleItems, sales } from '../../db/schema/sales';
import type { SaleFact } from './market-price';

/**
 * The completed trades between users with whether buyer and seller share a payout account (decisions 032 and 049),
 * read only: every way of trading writes its sale, identity the payout accounts, the catalogue its card infos and
 * products.
 */

const buyerPayout = aliasedTable(payoutAccounts, 'buyer_payout');
const sellerPayout = aliasedTable(payoutAccounts, 'seller_payout');
/** Sales before `since` kept per item: the last-10 fallback and the round trips around its oldest. */
const BEFORE_KEPT = 20;

const keyOf = (kind: 'card' | 'goods') => (kind === 'card' ? sales.cardInfoId : sales.productId);

/**
 * A trade between two users (a listing bought, a bid filled, an offer accepted, a set completed) that still stands:
 * the platform's sales (mall, packs) and codes have no seller, and a sale refunded in full no longer happened.
 * `seller_id IS NOT NULL` also picks the partial indexes `sales_market_*_idx`.
 */
const traded = and(
  isNotNull(sales.sellerId),
  or(eq(sales.refunded, 0), lt(sales.refunded, sql`${sales.price} - ${sales.discount}`)),
);

export function createPricesReadModel() {
  return {
    /** Whether the card info / product exists (a history of an unknown id is a 404, not an empty history). */
    async exists(db: Executor, kind: 'card' | 'goods', id: string): Promise<boolean> {
      const table = kind === 'card' ? cardInfos : products;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      return Boolean(row);
    },

    /**
     * The trades of each card info / product in `ids` from `since` on, plus its last 20 before: one query through
     * the sales indexes. Each with the unit that changed hands (the round-trip rule follows it).
     */
    async sales(db: Executor, kind: 'card' | 'goods', ids: string[], since: Date): Promise<Map<string, SaleFact[]>> {
      const out = new Map<string, SaleFact[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return out;
      const key = keyOf(kind);
      const ofIds = and(traded, inArray(key, ids));
      const before = db
        .select({
          id: sales.id,
          rn: sql<number>`row_number() over (partition by ${key} order by ${sales.createdAt} desc)`.as('rn'),
        })
        .from(sales)
        .where(and(ofIds, lt(sales.createdAt, since)))
        .as('before');
      const rows = await db
        .select({
          ref: sql<string>`${key}`,
          id: sales.id,
          // A trade between users moves one unit.
          itemId: sql<
            string | null
          >`(select min(${saleItems.itemId}) from ${saleItems} where ${saleItems.saleId} = ${sales.id})`,
          sellerId: sales.sellerId,
          buyerId: sales.buyerId,
          price: sales.price,
          at: sales.createdAt,
          shared: sql<boolean>`coalesce(${buyerPayout.accountNoHash} = ${sellerPayout.accountNoHash}, false)`,
        })
        .from(sales)
        .leftJoin(buyerPayout, eq(buyerPayout.userId, sales.buyerId))
        .leftJoin(sellerPayout, eq(sellerPayout.userId, sales.sellerId))
        .where(
          and(
            ofIds,
            or(
              gte(sales.createdAt, since),
              inArray(
                sales.id,
                db
                  .select({ id: before.id })
                  .from(before)
                  .where(sql`${before.rn} <= ${BEFORE_KEPT}`),
              ),
            ),
          ),
        );
      for (const r of rows) {
        out.get(r.ref)?.push({
          id: r.id,
          itemId: r.itemId,
          sellerId: r.sellerId!,
          buyerId: r.buyerId,
          price: r.price,
          at: r.at,
          sharedPayout: Boolean(r.shared),
        });
      }
      return out;
    },

    /** The latest trade of each card info / product in `ids` (最近成交), whatever the wash-trade rules say of it. */
    async lastSales(db: Executor, kind: 'card' | 'goods', ids: string[]): Promise<Map<string, SaleAt>> {
      if (ids.length === 0) return new Map();
      const key = keyOf(kind);
      const rows = await db
        .selectDistinctOn([key], { id: sql<string>`${key}`, price: sales.price, at: sales.createdAt })
        .from(sales)
        .where(and(traded, inArray(key, ids)))
        .orderBy(key, desc(sales.createdAt), desc(sales.id));
      return new Map(rows.map((r) => [r.id, { price: r.price, at: r.at }]));
    },

    /** The latest `limit` trades of one card info / product, newest first. */
    recentSales(db: Executor, kind: 'card' | 'goods', id: string, limit: number): Promise<SaleAt[]> {
      const key = keyOf(kind);
      return db
        .select({ price: sales.price, at: sales.createdAt })
        .from(sales)
        .where(and(traded, eq(key, id)))
        .orderBy(desc(sales.createdAt), desc(sales.id))
        .limit(limit);
    },
  };
}
export type PricesReadModel = ReturnType<typeof createPricesReadModel>;

/** A trade's price and time, as 最近成交 shows it. */
export interface SaleAt {
  price: number;
  at: Date;
}

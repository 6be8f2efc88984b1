import { aliasedTable, and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardInfos, products } from '../../db/schema/catalogue';
import { payoutAccounts } from '../../db/schema/identity';
import { marketOrders } from '../../db/schema/market';
import type { SaleFact } from './market-price';

/**
 * The market's completed sales with whether buyer and seller share a payout account (docs/decisions/032-market-price.md),
 * read only: the market writes its orders, identity the payout accounts, the catalogue its card infos and products.
 */

const buyerPayout = aliasedTable(payoutAccounts, 'buyer_payout');
const sellerPayout = aliasedTable(payoutAccounts, 'seller_payout');
/** Sales before `since` kept per item: the last-10 fallback and the round trips around its oldest. */
const BEFORE_KEPT = 20;

export function createPricesReadModel() {
  return {
    /** Whether the card info / product exists (a history of an unknown id is a 404, not an empty history). */
    async exists(db: Executor, kind: 'card' | 'goods', id: string): Promise<boolean> {
      const table = kind === 'card' ? cardInfos : products;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      return Boolean(row);
    },

    /**
     * The completed sales of each card info / product in `ids` from `since` on, plus its last 20 before: one query
     * through the sales indexes (`market_orders_sales_*_idx`).
     */
    async sales(db: Executor, kind: 'card' | 'goods', ids: string[], since: Date): Promise<Map<string, SaleFact[]>> {
      const out = new Map<string, SaleFact[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return out;
      const key = kind === 'card' ? marketOrders.cardInfoId : marketOrders.productId;
      const completed = and(eq(marketOrders.status, 'completed'), inArray(key, ids));
      const before = db
        .select({
          id: marketOrders.id,
          rn: sql<number>`row_number() over (partition by ${key} order by ${marketOrders.completedAt} desc)`.as('rn'),
        })
        .from(marketOrders)
        .where(and(completed, lt(marketOrders.completedAt, since)))
        .as('before');
      const rows = await db
        .select({
          ref: sql<string>`${key}`,
          id: marketOrders.id,
          itemId: marketOrders.itemId,
          sellerId: marketOrders.sellerId,
          buyerId: marketOrders.buyerId,
          price: marketOrders.price,
          at: marketOrders.completedAt,
          shared: sql<boolean>`coalesce(${buyerPayout.accountNoHash} = ${sellerPayout.accountNoHash}, false)`,
        })
        .from(marketOrders)
        .leftJoin(buyerPayout, eq(buyerPayout.userId, marketOrders.buyerId))
        .leftJoin(sellerPayout, eq(sellerPayout.userId, marketOrders.sellerId))
        .where(
          and(
            completed,
            or(
              gte(marketOrders.completedAt, since),
              inArray(
                marketOrders.id,
                db
                  .select({ id: before.id })
                  .from(before)
                  .where(sql`${before.rn} <= ${BEFORE_KEPT}`),
              ),
            ),
          ),
        );
      for (const r of rows) {
        if (!r.at) continue;
        out.get(r.ref)?.push({
          id: r.id,
          itemId: r.itemId,
          sellerId: r.sellerId,
          buyerId: r.buyerId,
          price: r.price,
          at: r.at,
          sharedPayout: Boolean(r.shared),
        });
      }
      return out;
    },
  };
}
export type PricesReadModel = ReturnType<typeof createPricesReadModel>;

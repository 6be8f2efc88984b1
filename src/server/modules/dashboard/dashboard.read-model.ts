import { and, desc, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cardInfos, products } from '../../db/schema/catalogue';
import { payOrders } from '../../db/schema/pay-orders';
import { sales } from '../../db/schema/sales';

/** A Hong Kong calendar day (UTC+8 all year: no daylight saving) as `YYYY-MM-DD`. */
const hkDay = (col: unknown) => sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const DROPS_SHOWN = 20;

/**
 * The back office's dashboard figures (docs/decisions/018-back-office-operations.md): aggregates over the sale record
 * (decision 049), pay orders, users and the catalogue. Read only.
 */
export function createDashboardReadModel() {
  return {
    /**
     * Sales with money per day (decision 049: one per completed trade, whatever its way; a code or a set exchange moves
     * no money): how many, GMV (what buyers paid, less what was refunded since) and the market fees.
     */
    async sales(db: Executor, since: Date) {
      const day = hkDay(sales.createdAt);
      return db
        .select({
          date: day,
          count: sql<number>`count(*)::int`,
          gmv: sql<string>`sum(${sales.price} - ${sales.discount} - ${sales.refunded})`,
          fees: sql<string>`sum(${sales.fee})`,
        })
        .from(sales)
        .where(and(gt(sales.price, 0), gte(sales.createdAt, since)))
        .groupBy(day);
    },

    async ordersByStatus(db: Executor, since: Date) {
      return db
        .select({ status: payOrders.status, count: sql<number>`count(*)::int` })
        .from(payOrders)
        .where(gte(payOrders.createdAt, since))
        .groupBy(payOrders.status);
    },

    async newUsers(db: Executor, since: Date) {
      const day = hkDay(users.createdAt);
      return db
        .select({ date: day, count: sql<number>`count(*)::int` })
        .from(users)
        .where(gte(users.createdAt, since))
        .groupBy(day);
    },

    /** Card infos and products sold in the mall whose sale window overlaps [since, now]. */
    async drops(db: Executor, since: Date, now: Date) {
      const [cardRows, productRows] = await Promise.all([
        db
          .select({
            id: cardInfos.id,
            name: cardInfos.name,
            saleStartsAt: cardInfos.saleStartsAt,
            saleEndsAt: cardInfos.saleEndsAt,
            total: cardInfos.editionSize,
            sold: cardInfos.minted,
          })
          .from(cardInfos)
          .where(
            and(
              isNotNull(cardInfos.priceCents),
              eq(cardInfos.isBCard, false),
              lte(cardInfos.saleStartsAt, now),
              or(isNull(cardInfos.saleEndsAt), gt(cardInfos.saleEndsAt, since)),
            ),
          )
          .orderBy(desc(cardInfos.saleStartsAt))
          .limit(DROPS_SHOWN),
        db
          .select({
            id: products.id,
            name: products.name,
            saleStartsAt: products.saleStartsAt,
            saleEndsAt: products.saleEndsAt,
            total: products.stock,
            sold: products.sold,
          })
          .from(products)
          .where(and(lte(products.saleStartsAt, now), or(isNull(products.saleEndsAt), gt(products.saleEndsAt, since))))
          .orderBy(desc(products.saleStartsAt))
          .limit(DROPS_SHOWN),
      ]);
      return [
        ...cardRows.map((r) => ({ kind: 'card' as const, ...r })),
        ...productRows.map((r) => ({ kind: 'product' as const, ...r })),
      ]
        .sort((a, b) => b.saleStartsAt!.getTime() - a.saleStartsAt!.getTime())
        .slice(0, DROPS_SHOWN);
    },
  };
}
export type DashboardReadModel = ReturnType<typeof createDashboardReadModel>;

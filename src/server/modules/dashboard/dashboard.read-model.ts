import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { cardInfos, products } from '../../db/schema/catalogue';
import { marketOrders } from '../../db/schema/market';
import { payOrders } from '../../db/schema/pay-orders';
import { ledgerEntries } from '../../db/schema/wallet';

/** A Hong Kong calendar day (UTC+8 all year: no daylight saving) as `YYYY-MM-DD`. */
const hkDay = (col: unknown) => sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const DROPS_SHOWN = 20;

/**
 * The back office's dashboard figures (docs/decisions/018-back-office-operations.md): aggregates
 * over pay orders, market orders, the ledger, users and the catalogue. Read only.
 */
export function createDashboardReadModel() {
  return {
    /** Paid mall and market orders per day, by payment time. */
    async paidOrders(db: Executor, since: Date) {
      const day = hkDay(payOrders.paidAt);
      return db
        .select({ date: day, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${payOrders.amountCents})` })
        .from(payOrders)
        .where(
          and(
            eq(payOrders.status, 'paid'),
            gte(payOrders.paidAt, since),
            inArray(payOrders.type, ['card', 'product', 'market']),
          ),
        )
        .groupBy(day);
    },

    /** Filled buy listings per day (a sale with no pay order of its own). */
    async bidFills(db: Executor, since: Date) {
      const day = hkDay(marketOrders.completedAt);
      return db
        .select({ date: day, count: sql<number>`count(*)::int`, amount: sql<string>`sum(${marketOrders.price})` })
        .from(marketOrders)
        .where(
          and(eq(marketOrders.status, 'completed'), eq(marketOrders.sellType, 1), gte(marketOrders.completedAt, since)),
        )
        .groupBy(day);
    },

    /** Market fees booked to the platform per day. */
    async fees(db: Executor, since: Date) {
      const day = hkDay(ledgerEntries.createdAt);
      return db
        .select({ date: day, amount: sql<string>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.accountId, 'platform:fees'), gte(ledgerEntries.createdAt, since)))
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

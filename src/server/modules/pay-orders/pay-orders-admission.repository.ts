import { and, count, countDistinct, eq, inArray, isNotNull, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payOrders } from '../../db/schema/pay-orders';
import type { DropKind } from '../../../shared/schemas/queue';

/** The waiting room's questions to pay orders (decision 044): is an admission spent, and how did a drop sell. */
export function createAdmissionOrdersRepository() {
  // A pack order's listing_id holds its series (decision 043).
  const itemColumn = (type: DropKind) =>
    type === 'card' ? payOrders.cardInfoId : type === 'product' ? payOrders.productId : payOrders.listingId;
  return {
    /** Whether an order was made with this admission (any status: one order per admission). */
    async used(db: Executor, admissionId: string): Promise<boolean> {
      const rows = await db
        .select({ id: payOrders.id })
        .from(payOrders)
        .where(eq(payOrders.admissionId, admissionId))
        .limit(1);
      return rows.length > 0;
    },

    /** Paid orders of the item made with an admission: buyers and units, and when the last was created. */
    async admittedSales(db: Executor, item: { type: DropKind; id: string }) {
      const [row] = await db
        .select({
          buyers: countDistinct(payOrders.buyerId),
          units: sql<number>`coalesce(${sum(payOrders.quantity)}, 0)::int`,
        })
        .from(payOrders)
        .where(
          and(
            eq(payOrders.type, item.type),
            eq(itemColumn(item.type), item.id),
            eq(payOrders.status, 'paid'),
            isNotNull(payOrders.admissionId),
          ),
        );
      return { buyers: Number(row?.buyers ?? 0), units: Number(row?.units ?? 0) };
    },

    /** The most units one buyer holds in paid and pending orders of the item, and the last such order's time. */
    async holdings(db: Executor, item: { type: DropKind; id: string }) {
      const perBuyer = db
        .select({
          units: sql<number>`sum(${payOrders.quantity})`.as('units'),
          last: max(payOrders.createdAt).as('last'),
        })
        .from(payOrders)
        .where(
          and(
            eq(payOrders.type, item.type),
            eq(itemColumn(item.type), item.id),
            inArray(payOrders.status, ['pending', 'paid']),
          ),
        )
        .groupBy(payOrders.buyerId)
        .as('per_buyer');
      const [row] = await db
        .select({
          most: sql<number>`coalesce(max(${perBuyer.units}), 0)::int`,
          last: sql<string | null>`max(${perBuyer.last})`,
          buyers: count(),
        })
        .from(perBuyer);
      return { most: Number(row?.most ?? 0), lastAt: row?.last ? new Date(row.last) : null };
    },
  };
}
export type AdmissionOrdersRepository = ReturnType<typeof createAdmissionOrdersRepository>;

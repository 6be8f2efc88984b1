import { count, desc, eq, getTableColumns, inArray, and } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf, page } from '../../db/queries';
import { orderRefunds, refunds } from '../../db/schema/wallet';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
/** A refund of an order with the state of the refund record that pays it through the provider (null: to the balance). */
export type OrderRefundView = OrderRefundRow & { refundStatus: (typeof refunds.$inferSelect)['status'] | null };

const withRecord = { ...getTableColumns(orderRefunds), refundStatus: refunds.status };

/** Operators' refunds of paid orders (decision 050). */
export function createOrderRefundsRepository() {
  const joined = (db: Executor) =>
    db.select(withRecord).from(orderRefunds).leftJoin(refunds, eq(refunds.id, orderRefunds.refundId));
  return {
    async insert(db: Executor, row: typeof orderRefunds.$inferInsert): Promise<void> {
      await db.insert(orderRefunds).values(row);
    },

    /** The refund an operator's request key already made on this order, if any (a repeated request). */
    async byKey(db: Executor, orderNo: string, key: string): Promise<OrderRefundView | null> {
      const [row] = await joined(db)
        .where(and(eq(orderRefunds.orderNo, orderNo), eq(orderRefunds.idempotencyKey, key)))
        .limit(1);
      return row ?? null;
    },

    /** The refunds of these orders, oldest first. */
    ofOrders(db: Executor, orderNos: string[]): Promise<OrderRefundView[]> {
      if (orderNos.length === 0) return Promise.resolve([]);
      return joined(db).where(inArray(orderRefunds.orderNo, orderNos)).orderBy(orderRefunds.createdAt, orderRefunds.id);
    },

    /** Newest first, optionally of one order. */
    list(db: Executor, q: { orderNo?: string; limit: number; offset: number }) {
      const where = q.orderNo ? eq(orderRefunds.orderNo, q.orderNo) : undefined;
      return page(
        joined(db).where(where).orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id)),
        db.select({ n: count() }).from(orderRefunds).where(where),
        q,
      );
    },

    /** Every refund's key facts (reconciliation). */
    facts(db: Executor) {
      return db
        .select(columnsOf(orderRefunds, 'id', 'orderNo', 'amount', 'perkPart', 'toBalance', 'refundId'))
        .from(orderRefunds);
    },
  };
}
export type OrderRefundsRepository = ReturnType<typeof createOrderRefundsRepository>;

import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { orderRefunds, refunds } from '../../db/schema/wallet';

export type RefundRow = typeof refunds.$inferSelect;
/** A record with the operator's reason when it pays an order refund (decision 050). */
export type RefundListRow = RefundRow & { note: string | null };
export type RefundStatus = RefundRow['status'];

/** The refund records (money owed back to a payer through the provider). */
export function createRefundsRepository() {
  return {
    async insert(db: Executor, row: typeof refunds.$inferInsert): Promise<void> {
      await db.insert(refunds).values(row);
    },

    async byId(db: Executor, id: string): Promise<RefundRow | null> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row ?? null;
    },

    async list(db: Executor, q: { status?: RefundStatus; limit: number; offset: number }): Promise<RefundListRow[]> {
      return db
        .select({ ...getTableColumns(refunds), note: orderRefunds.reason })
        .from(refunds)
        .leftJoin(orderRefunds, eq(orderRefunds.refundId, refunds.id))
        .where(q.status ? eq(refunds.status, q.status) : undefined)
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    async count(db: Executor, q: { status?: RefundStatus }): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(q.status ? eq(refunds.status, q.status) : undefined);
      return Number(row?.n ?? 0);
    },

    /** Every record's key, status and amount (reconciliation). */
    async all(db: Executor) {
      return db.select(columnsOf(refunds, 'id', 'orderNo', 'postingRef', 'status', 'amount')).from(refunds);
    },

    /** Moves a record on only from one of `from` (pending / failed): null when someone decided first. */
    async decide(
      db: Executor,
      id: string,
      from: RefundStatus[],
      set: Partial<typeof refunds.$inferInsert> & { status: RefundStatus },
    ): Promise<RefundRow | null> {
      const [row] = await db
        .update(refunds)
        .set(set)
        .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
        .returning();
      return row ?? null;
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;

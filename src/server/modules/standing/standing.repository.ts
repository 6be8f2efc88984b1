import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { marketFeedback } from '../../db/schema/standing';

export type FeedbackRow = typeof marketFeedback.$inferSelect;

/** The feedback table: one row per order per side. */
export function createStandingRepository() {
  return {
    /** Inserts unless the author already left one on this order; answers the row, or null when there was one. */
    async insert(db: Executor, row: typeof marketFeedback.$inferInsert): Promise<FeedbackRow | null> {
      const [out] = await db.insert(marketFeedback).values(row).onConflictDoNothing().returning();
      return out ?? null;
    },

    /** The author's feedback on an order, locked for a change when `lock` is set. */
    async mine(db: Executor, orderId: string, authorId: string, lock = false): Promise<FeedbackRow | null> {
      const q = db
        .select()
        .from(marketFeedback)
        .where(and(eq(marketFeedback.orderId, orderId), eq(marketFeedback.authorId, authorId)));
      const [row] = await (lock ? q.for('update') : q);
      return row ?? null;
    },

    async byId(db: Executor, id: string, lock = false): Promise<FeedbackRow | null> {
      const q = db.select().from(marketFeedback).where(eq(marketFeedback.id, id));
      const [row] = await (lock ? q.for('update') : q);
      return row ?? null;
    },

    async update(
      db: Executor,
      id: string,
      set: Partial<Pick<FeedbackRow, 'rating' | 'comment' | 'updatedAt' | 'hiddenAt' | 'hiddenBy' | 'hiddenReason'>>,
    ): Promise<FeedbackRow> {
      const [row] = await db.update(marketFeedback).set(set).where(eq(marketFeedback.id, id)).returning();
      return row!;
    },
  };
}
export type StandingRepository = ReturnType<typeof createStandingRepository>;

import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { dropQueues } from '../../db/schema/queue';
import type { DropKind } from '../../../shared/schemas/queue';

export type DropQueueRow = typeof dropQueues.$inferSelect;

/** The drop_queues table: each hot drop's admission rate and where its schedule stood at the last change. */
export function createQueueRepository() {
  const where = (kind: DropKind, itemId: string) => and(eq(dropQueues.kind, kind), eq(dropQueues.itemId, itemId));
  return {
    /** The drop's row; `lock` holds it until the transaction ends (two rate changes at once are applied in turn). */
    async get(db: Executor, kind: DropKind, itemId: string, opts: { lock?: boolean } = {}) {
      const q = db.select().from(dropQueues).where(where(kind, itemId));
      const [row] = await (opts.lock ? q.for('update') : q);
      return row ?? null;
    },

    async upsert(tx: Tx, row: DropQueueRow): Promise<void> {
      await tx
        .insert(dropQueues)
        .values(row)
        .onConflictDoUpdate({
          target: [dropQueues.kind, dropQueues.itemId],
          set: {
            perMinute: row.perMinute,
            admittedBase: row.admittedBase,
            baseAt: row.baseAt,
            updatedAt: row.updatedAt,
          },
        });
    },
  };
}
export type QueueRepository = ReturnType<typeof createQueueRepository>;

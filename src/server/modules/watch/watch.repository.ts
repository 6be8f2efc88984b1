import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { watches } from '../../db/schema/watch';
import type { WatchKind } from '../../../shared/schemas/watch';

export type WatchRow = typeof watches.$inferSelect;

/** The watches table (docs/decisions/033-watchlist.md). */
export function createWatchRepository() {
  return {
    /** Serialises one user's adds, so two at once cannot both take the last place under the limit. */
    async lockUser(tx: Tx, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('watch-add'), hashtext(${userId}))`);
    },

    async countOf(db: Executor, userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(watches).where(eq(watches.userId, userId));
      return Number(row?.n ?? 0);
    },

    async find(db: Executor, userId: string, kind: WatchKind, targetId: string): Promise<WatchRow | null> {
      const [row] = await db
        .select()
        .from(watches)
        .where(and(eq(watches.userId, userId), eq(watches.kind, kind), eq(watches.targetId, targetId)));
      return row ?? null;
    },

    /** Adds the row unless the user already watches the target (the unique index answers a concurrent twin). */
    async insert(tx: Tx, row: WatchRow): Promise<void> {
      await tx
        .insert(watches)
        .values(row)
        .onConflictDoNothing({ target: [watches.userId, watches.kind, watches.targetId] });
    },

    async remove(db: Executor, userId: string, kind: WatchKind, targetId: string): Promise<void> {
      await db
        .delete(watches)
        .where(and(eq(watches.userId, userId), eq(watches.kind, kind), eq(watches.targetId, targetId)));
    },

    /** The user's watches, newest first. */
    async page(db: Executor, userId: string, p: { limit: number; offset: number }): Promise<WatchRow[]> {
      return db
        .select()
        .from(watches)
        .where(eq(watches.userId, userId))
        .orderBy(desc(watches.createdAt), desc(watches.id))
        .limit(p.limit)
        .offset(p.offset);
    },

    /** Which of these targets the user watches. */
    async watchedOf(db: Executor, userId: string, kind: WatchKind, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: watches.targetId })
        .from(watches)
        .where(and(eq(watches.userId, userId), eq(watches.kind, kind), inArray(watches.targetId, ids)));
      return rows.map((r) => r.id);
    },

    /** The users who watch a target. */
    async watchersOf(db: Executor, kind: WatchKind, targetId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: watches.userId })
        .from(watches)
        .where(and(eq(watches.kind, kind), eq(watches.targetId, targetId)));
      return rows.map((r) => r.userId);
    },

    /** How many users watch each of these targets (targets nobody watches are left out). */
    async countWatchers(db: Executor, kind: WatchKind, ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: watches.targetId, n: count() })
        .from(watches)
        .where(and(eq(watches.kind, kind), inArray(watches.targetId, ids)))
        .groupBy(watches.targetId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
}
export type WatchRepository = ReturnType<typeof createWatchRepository>;

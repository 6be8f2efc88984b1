import { and, asc, count, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queueMarks, queueMembers } from '../../db/schema/queue';
import type { QueueSnapshot, Standing } from './queue-store';

// Ties (never expected: 52-bit shuffles, unique arrivals) order by user id byte by byte, as a Redis sorted set does.
const byteOrder = sql`${queueMembers.userId} collate "C"`;
const ms = (d: Date | null) => (d === null ? null : d.getTime());

/**
 * The waiting room's record in PostgreSQL (decision 051): every place, admission and the turns mark. Written before
 * the fast copy (Redis or the process), so the copy can always be rebuilt from it, and read alone when the copy is
 * away.
 */
export function createQueueMembersRepository() {
  const member = (q: string, u: string) => and(eq(queueMembers.queueId, q), eq(queueMembers.userId, u));
  /** The queue's mark row, its turns mark moved up to `told` (never back). */
  const markTold = (db: Executor, q: string, told: number) =>
    db
      .insert(queueMarks)
      .values({ queueId: q, told })
      .onConflictDoUpdate({
        target: queueMarks.queueId,
        set: { told: sql`greatest(${queueMarks.told}, excluded.told)` },
      });

  return {
    /** The user's place: the first one taken (a shuffle score before the start, the next arrival after it). */
    async join(db: Executor, q: string, u: string, shuffle: number | null, at: Date): Promise<number> {
      const [row] = await db
        .insert(queueMembers)
        .values({ queueId: q, userId: u, score: shuffle ?? sql`1 + nextval('queue_arrivals')`, joinedAt: at })
        .onConflictDoNothing()
        .returning({ score: queueMembers.score });
      if (row) return row.score;
      const [old] = await db.select({ score: queueMembers.score }).from(queueMembers).where(member(q, u));
      return old!.score;
    },

    /** Records the admission once: answers the first time it was recorded. */
    async admit(db: Executor, q: string, u: string, at: Date): Promise<number> {
      const [row] = await db
        .update(queueMembers)
        .set({ admittedAt: sql`coalesce(${queueMembers.admittedAt}, ${at.toISOString()}::timestamptz)` })
        .where(member(q, u))
        .returning({ at: queueMembers.admittedAt });
      return row!.at!.getTime();
    },

    /** Where the user stands, counted in the table (when the fast copy is away). */
    async standing(db: Executor, q: string, u: string): Promise<Standing> {
      const [[me], [all]] = await Promise.all([
        db.select({ score: queueMembers.score, at: queueMembers.admittedAt }).from(queueMembers).where(member(q, u)),
        db.select({ n: count() }).from(queueMembers).where(eq(queueMembers.queueId, q)),
      ]);
      if (!me) return { rank: null, size: all!.n, admittedAt: null };
      const [ahead] = await db
        .select({ n: count() })
        .from(queueMembers)
        .where(
          and(
            eq(queueMembers.queueId, q),
            or(
              lt(queueMembers.score, me.score),
              and(eq(queueMembers.score, me.score), sql`${byteOrder} < ${u} collate "C"`),
            ),
          ),
        );
      return { rank: ahead!.n, size: all!.n, admittedAt: ms(me.at) };
    },

    /** How many joined before the start and after it, and how many were admitted. */
    async counts(db: Executor, q: string): Promise<{ before: number; after: number; admitted: number }> {
      const [row] = await db
        .select({
          before: sql<number>`count(*) filter (where ${queueMembers.score} < 1)`.mapWith(Number),
          after: sql<number>`count(*) filter (where ${queueMembers.score} >= 1)`.mapWith(Number),
          admitted: count(queueMembers.admittedAt),
        })
        .from(queueMembers)
        .where(eq(queueMembers.queueId, q));
      return row!;
    },

    /** The epoch a fast copy of the queue must carry to be trusted. */
    async epoch(db: Executor, q: string): Promise<number> {
      const [row] = await db.select({ epoch: queueMarks.epoch }).from(queueMarks).where(eq(queueMarks.queueId, q));
      return row?.epoch ?? 0;
    },

    /**
     * A write went to the record alone: every fast copy of the queue is rebuilt before it is trusted again. The epoch
     * moves on once after the write; writers at the same moment share one move (a move since this read is after
     * their write, and a rebuild that read the epoch before it is not trusted either way).
     */
    async stale(db: Executor, q: string): Promise<void> {
      const [row] = await db.select({ epoch: queueMarks.epoch }).from(queueMarks).where(eq(queueMarks.queueId, q));
      const seen = row?.epoch ?? 0;
      await db
        .insert(queueMarks)
        .values({ queueId: q, epoch: seen + 1 })
        .onConflictDoUpdate({
          target: queueMarks.queueId,
          set: { epoch: seen + 1 },
          setWhere: eq(queueMarks.epoch, seen),
        });
    },

    /** The turns mark moved (it never moves back). */
    async told(db: Executor, q: string, to: number): Promise<void> {
      await markTold(db, q, to);
    },

    /** The whole queue, for a fast copy: the epoch read first, so a copy never claims a later one than its members. */
    async snapshot(db: Executor, q: string): Promise<QueueSnapshot> {
      const [mark] = await db
        .select({ epoch: queueMarks.epoch, told: queueMarks.told })
        .from(queueMarks)
        .where(eq(queueMarks.queueId, q));
      const rows = await db
        .select({ userId: queueMembers.userId, score: queueMembers.score, at: queueMembers.admittedAt })
        .from(queueMembers)
        .where(eq(queueMembers.queueId, q));
      return {
        epoch: mark?.epoch ?? 0,
        told: mark?.told ?? 0,
        members: rows.map((r) => ({ userId: r.userId, score: r.score, admittedAt: ms(r.at) })),
      };
    },

    /**
     * The turns since the mark, from the table (when the fast copy is away): the mark row locked, so each member is
     * answered once; the copy's own mark is then behind, so the queue is marked stale when one was told.
     */
    async turns(db: Executor, q: string, upTo: number, max: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        await markTold(tx, q, 0);
        const [mark] = await tx.select().from(queueMarks).where(eq(queueMarks.queueId, q)).for('update');
        const take = Math.min(max, upTo - mark!.told);
        if (take <= 0) return [];
        const rows = await tx
          .select({ userId: queueMembers.userId })
          .from(queueMembers)
          .where(eq(queueMembers.queueId, q))
          .orderBy(asc(queueMembers.score), asc(byteOrder))
          .offset(mark!.told)
          .limit(take);
        if (rows.length > 0)
          await tx
            .update(queueMarks)
            .set({ told: mark!.told + rows.length, epoch: mark!.epoch + 1 })
            .where(eq(queueMarks.queueId, q));
        return rows.map((r) => r.userId);
      });
    },
  };
}
export type QueueMembersRepository = ReturnType<typeof createQueueMembersRepository>;

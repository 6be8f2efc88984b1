/**
 * Who waits in a drop's queue, in what order, and who was admitted (docs/decisions/044-waiting-room.md). One queue
 * per drop and sale start (`queueId`); a member's score orders it: a shuffle score in [0, 1) for those who joined
 * before the start, 1 + their arrival number after it. Redis (`queue-store.redis.ts`) when several instances share
 * the queue, this in-process store otherwise; both answer the same (queue.store.test.ts runs one suite on both).
 */
/** Where a member stands: their 0-based rank (null when not in the queue), how many are in it, when admitted. */
export interface Standing {
  rank: number | null;
  size: number;
  admittedAt: number | null;
}

export interface QueueStore {
  /**
   * Puts `userId` in the queue once (a second join answers the first score) and answers where they stand then, as
   * `standing` does, in the same atomic step (one round trip for a join). `shuffle` is the score of a join before
   * the start; null after it (the next arrival number is taken, atomically with the insert).
   */
  join(
    queueId: string,
    userId: string,
    shuffle: number | null,
    admitted: number,
    now: number,
  ): Promise<Standing & { score: number }>;
  /**
   * Where `userId` stands: their 0-based rank (null when not in the queue), how many are in it, and when they were
   * admitted. A member whose rank is below `admitted` (how many the schedule has admitted by `now`) and who was not
   * admitted before is admitted now, atomically with the read, so `admittedAt` is set once.
   */
  standing(queueId: string, userId: string, admitted: number, now: number): Promise<Standing>;
  /** How many joined before the start and after it, and how many were admitted. */
  counts(queueId: string): Promise<{ before: number; after: number; admitted: number }>;
  /**
   * The members whose turn came since the last call (ranks from the queue's mark up to `upTo`, at most `max` of them,
   * never past its size), the mark moved past them in the same step: each member is answered once, by one instance.
   * Only after the start, when ranks no longer move.
   */
  turns(queueId: string, upTo: number, max: number): Promise<string[]>;
}

interface MemoryQueue {
  scores: Map<string, number>;
  /** Members by score (then id), for ranks by binary search. */
  order: { score: number; userId: string }[];
  arrivals: number;
  admittedAt: Map<string, number>;
  /** Ranks below it were told their turn (`turns`). */
  told: number;
}

const before = (a: { score: number; userId: string }, b: { score: number; userId: string }) =>
  a.score < b.score || (a.score === b.score && a.userId < b.userId);

/** The first index whose entry is not before `e`. */
function lowerBound(order: MemoryQueue['order'], e: { score: number; userId: string }): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(order[mid]!, e)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The queue in this process's memory: one instance on the embedded database (lost on restart, like the instance). */
export function createMemoryQueueStore(): QueueStore {
  const queues = new Map<string, MemoryQueue>();
  const queue = (id: string) => {
    let q = queues.get(id);
    if (!q) queues.set(id, (q = { scores: new Map(), order: [], arrivals: 0, admittedAt: new Map(), told: 0 }));
    return q;
  };
  const standing = (q: MemoryQueue, userId: string, admitted: number, now: number): Standing => {
    const score = q.scores.get(userId);
    if (score === undefined) return { rank: null, size: q.order.length, admittedAt: null };
    const rank = lowerBound(q.order, { score, userId });
    let at = q.admittedAt.get(userId) ?? null;
    if (at === null && rank < admitted) q.admittedAt.set(userId, (at = now));
    return { rank, size: q.order.length, admittedAt: at };
  };
  return {
    async join(queueId, userId, shuffle, admitted, now) {
      const q = queue(queueId);
      let score = q.scores.get(userId);
      if (score === undefined) {
        score = shuffle ?? 1 + ++q.arrivals;
        q.scores.set(userId, score);
        const e = { score, userId };
        q.order.splice(lowerBound(q.order, e), 0, e);
      }
      return { score, ...standing(q, userId, admitted, now) };
    },
    async standing(queueId, userId, admitted, now) {
      return standing(queue(queueId), userId, admitted, now);
    },
    async counts(queueId) {
      const q = queue(queueId);
      const before = lowerBound(q.order, { score: 1, userId: '' });
      return { before, after: q.order.length - before, admitted: q.admittedAt.size };
    },
    async turns(queueId, upTo, max) {
      const q = queue(queueId);
      const from = q.told;
      q.told = Math.max(from, Math.min(upTo, q.order.length, from + max));
      return q.order.slice(from, q.told).map((e) => e.userId);
    },
  };
}

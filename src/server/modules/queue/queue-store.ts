/**
 * Who waits in a drop's queue, in what order, and who was admitted (docs/decisions/044-waiting-room.md). One queue
 * per drop and sale start (`queueId`); a member's score orders it: a shuffle score in [0, 1) for those who joined
 * before the start, 1 + their arrival number after it. The record is PostgreSQL's (`queue-members.repository.ts`);
 * a fast copy answers the common asks: Redis (`redis-queue-store.ts`) when several instances share the queue, this
 * process's memory otherwise (decision 051, `durable-queue-store.ts`). queue.redis.test.ts runs one suite on both.
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

/** What a fast copy of one queue is built from (decision 051). */
export interface QueueSnapshot {
  epoch: number;
  told: number;
  members: { userId: string; score: number; admittedAt: number | null }[];
}

/**
 * A fast copy of queues, rebuilt from the record (decision 051). A copy of a queue is trusted only at the record's
 * epoch: each call that reads or changes a queue takes the epoch and answers null when the copy of that queue is not
 * loaded at it (never built, flushed, restarted empty, or stale); the caller then loads it. A copy never numbers
 * places itself: scores come from the record.
 */
export interface QueueCopy {
  /** Puts the member with its recorded score (once) and answers where they stand, in one step. */
  join(queueId: string, userId: string, score: number, epoch: number): Promise<Standing | null>;
  /** Where the member stands: rank, size, and the admission the copy holds. */
  standing(queueId: string, userId: string, epoch: number): Promise<Standing | null>;
  /** Holds the admission time the record answered (the first one). */
  admit(queueId: string, userId: string, at: number): Promise<void>;
  /** The members at ranks [mark, min(upTo, size, mark + max)), the mark moved past them in the same step. */
  turns(queueId: string, upTo: number, max: number, epoch: number): Promise<{ to: number; users: string[] } | null>;
  /** The epoch the copy of a queue was loaded at; null when it is not loaded. */
  loaded(queueId: string): Promise<number | null>;
  /** Replaces the copy of a queue with `snap`, loaded at its epoch, in one step. */
  load(queueId: string, snap: QueueSnapshot): Promise<void>;
  /** Whether this caller may rebuild the queue now (one rebuilder across instances); `release` when done. */
  claim(queueId: string): Promise<boolean>;
  release(queueId: string): Promise<void>;
}

interface MemoryQueue {
  epoch: number;
  scores: Map<string, number>;
  /** Members by score (then id), for ranks by binary search. */
  order: { score: number; userId: string }[];
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

/**
 * The copy in this process's memory: one instance on the embedded database. Empty after a restart, it is loaded
 * from the record on the first ask of each queue, so places and admissions outlive the process.
 */
export function createMemoryQueueCopy(): QueueCopy {
  const queues = new Map<string, MemoryQueue>();
  const at = (id: string, epoch: number) => {
    const q = queues.get(id);
    return q && q.epoch === epoch ? q : null;
  };
  const standing = (q: MemoryQueue, userId: string): Standing => {
    const score = q.scores.get(userId);
    if (score === undefined) return { rank: null, size: q.order.length, admittedAt: null };
    return {
      rank: lowerBound(q.order, { score, userId }),
      size: q.order.length,
      admittedAt: q.admittedAt.get(userId) ?? null,
    };
  };
  const insert = (q: MemoryQueue, userId: string, score: number) => {
    if (q.scores.has(userId)) return;
    q.scores.set(userId, score);
    const e = { score, userId };
    q.order.splice(lowerBound(q.order, e), 0, e);
  };
  return {
    async join(queueId, userId, score, epoch) {
      const q = at(queueId, epoch);
      if (!q) return null;
      insert(q, userId, score);
      return standing(q, userId);
    },
    async standing(queueId, userId, epoch) {
      const q = at(queueId, epoch);
      return q && standing(q, userId);
    },
    async admit(queueId, userId, time) {
      const q = queues.get(queueId);
      if (q && !q.admittedAt.has(userId)) q.admittedAt.set(userId, time);
    },
    async turns(queueId, upTo, max, epoch) {
      const q = at(queueId, epoch);
      if (!q) return null;
      const from = q.told;
      q.told = Math.max(from, Math.min(upTo, q.order.length, from + max));
      return { to: q.told, users: q.order.slice(from, q.told).map((e) => e.userId) };
    },
    loaded: async (queueId) => queues.get(queueId)?.epoch ?? null,
    async load(queueId, snap) {
      const q: MemoryQueue = {
        epoch: snap.epoch,
        scores: new Map(),
        order: [],
        admittedAt: new Map(),
        told: snap.told,
      };
      for (const m of snap.members) {
        q.scores.set(m.userId, m.score);
        q.order.push({ score: m.score, userId: m.userId });
        if (m.admittedAt !== null) q.admittedAt.set(m.userId, m.admittedAt);
      }
      q.order.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      queues.set(queueId, q);
    },
    // One process: its durable store already rebuilds each queue once at a time.
    claim: async () => true,
    release: async () => undefined,
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { isRedisTimeout } from '../../adapters/redis';
import type { Executor } from '../../db/client';
import { createQueueMembersRepository } from './queue-members.repository';
import type { QueueCopy, QueueStore, Standing } from './queue-store';

/** How long an instance trusts the epoch it last read: another instance's stale mark is noticed within it. */
const EPOCH_TTL_MS = 1_000;
/** How long asks wait for another instance's rebuild of a copy before answering from the record. */
const WAIT_MS = 2_000;
const WAIT_STEP_MS = 25;
/**
 * Asks answered from the record at once, per instance, while the copy is away: a rank counted in the table costs far
 * more than one from Redis, so past this the ask is refused (503, as before) rather than swamping the database.
 */
const RECORD_ASKS_MAX = 8;

/** One rebuild of a queue's fast copy: how many members it loaded and how long it took (ms). */
export interface QueueRebuilt {
  queueId: string;
  members: number;
  ms: number;
}

/**
 * The waiting room's store (decision 051): PostgreSQL holds the record, written first; the fast copy (Redis, or the
 * process) answers the asks. A copy found missing or stale (Redis flushed, restarted empty, failed over; a new
 * process) is rebuilt from the record by one instance under a claim while the others wait for it; a copy that fails
 * (Redis away) is passed over and the record answers; a write that never reached the copy marks the queue stale, so
 * no copy is trusted again before it is rebuilt. Scores, admission times and the turns mark are the record's, so a rebuilt copy answers as before.
 */
export function createDurableQueueStore(
  db: Executor,
  copy: QueueCopy,
  opts: { onRebuilt?: (r: QueueRebuilt) => void } = {},
): QueueStore {
  const record = createQueueMembersRepository();
  const epochs = new Map<string, { value: number; at: number; renewing?: Promise<unknown> }>();
  const ensuring = new Map<string, Promise<number | null>>();

  const readEpoch = async (q: string) => {
    const value = await record.epoch(db, q);
    epochs.set(q, { value, at: Date.now() });
    return value;
  };
  /** The queue's epoch as last read, renewed in the background once a second (no database wait on a hot ask). */
  async function epochOf(q: string): Promise<number> {
    const held = epochs.get(q);
    if (!held) return readEpoch(q);
    if (Date.now() - held.at >= EPOCH_TTL_MS && !held.renewing)
      held.renewing = readEpoch(q).catch(() => (held.renewing = undefined));
    return held.value;
  }

  /** Loads the copy at the record's epoch (here, or by the instance holding the claim); null if not in time. */
  function ensure(q: string): Promise<number | null> {
    let running = ensuring.get(q);
    if (running) return running;
    running = (async () => {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const epoch = await readEpoch(q);
        if ((await copy.loaded(q)) === epoch) return epoch;
        if (await copy.claim(q)) {
          try {
            const started = performance.now();
            const snap = await record.snapshot(db, q);
            await copy.load(q, snap);
            epochs.set(q, { value: snap.epoch, at: Date.now() });
            opts.onRebuilt?.({ queueId: q, members: snap.members.length, ms: performance.now() - started });
            return snap.epoch;
          } finally {
            await copy.release(q);
          }
        }
        if (Date.now() >= deadline) return null;
        await sleep(WAIT_STEP_MS);
      }
    })().finally(() => ensuring.delete(q));
    ensuring.set(q, running);
    return running;
  }

  /**
   * A copy's answer at the current epoch, loading the copy first if needed; or why there is none: `sent` when the
   * command timed out (Redis may still run it), not when it never reached Redis (an open circuit, no connection) or
   * the copy could not be loaded in time.
   */
  async function fast<T>(q: string, run: (epoch: number) => Promise<T | null>): Promise<{ ok: T } | { sent: boolean }> {
    try {
      let out = await run(await epochOf(q));
      // Loaded, then stale again before this ask got to it (another instance's write without the copy): load again.
      const deadline = Date.now() + WAIT_MS;
      while (out === null) {
        const epoch = await ensure(q);
        if (epoch === null || Date.now() >= deadline) return { sent: false };
        out = await run(epoch);
      }
      return { ok: out };
    } catch (err) {
      // The copy is away or slow: the record answers.
      return { sent: isRedisTimeout(err) };
    }
  }

  let recordAsks = 0;
  /** Where the member stands, counted in the record (the copy away), at most RECORD_ASKS_MAX at once. */
  async function fromRecord(q: string, u: string): Promise<Standing> {
    if (recordAsks >= RECORD_ASKS_MAX) throw new Error('queue: too many asks of the record at once');
    recordAsks++;
    try {
      return await record.standing(db, q, u);
    } finally {
      recordAsks--;
    }
  }

  /** The record changed without the copy: no copy is trusted until rebuilt (here at once, elsewhere within 1 s). */
  async function markStale(q: string) {
    await record.stale(db, q);
    epochs.delete(q);
  }

  /** Admits a member the schedule has reached: the record's first time wins, and the copy holds it. */
  async function admitDue(q: string, u: string, st: Standing, admitted: number, now: number): Promise<Standing> {
    if (st.rank === null || st.admittedAt !== null || st.rank >= admitted) return st;
    const at = await record.admit(db, q, u, new Date(now));
    // A copy that misses it asks the record again next time, which answers this same time.
    await copy.admit(q, u, at).catch(() => undefined);
    return { ...st, admittedAt: at };
  }

  return {
    async join(q, u, shuffle, admitted, now) {
      const score = await record.join(db, q, u, shuffle, new Date(now));
      const got = await fast(q, (e) => copy.join(q, u, score, e));
      let st: Standing;
      if ('ok' in got) st = got.ok;
      else {
        // Even a join that timed out may miss the copy (reloaded meanwhile, or never run): the copy is stale.
        await markStale(q);
        st = await fromRecord(q, u);
      }
      return { score, ...(await admitDue(q, u, st, admitted, now)) };
    },

    async standing(q, u, admitted, now) {
      const got = await fast(q, (e) => copy.standing(q, u, e));
      return admitDue(q, u, 'ok' in got ? got.ok : await fromRecord(q, u), admitted, now);
    },

    // Reports and gauges: counted in the record (the report is kept 2 s, gauges once a scrape).
    counts: (q) => record.counts(db, q),

    async turns(q, upTo, max) {
      const got = await fast(q, (e) => copy.turns(q, upTo, max, e));
      if (!('ok' in got)) {
        // Timed out: the copy's step still runs and takes those turns; their screens ask at their own moment.
        if (got.sent) return [];
        epochs.delete(q);
        return record.turns(db, q, upTo, max);
      }
      const out = got.ok;
      // The copy moved its mark: a record write lost here only tells these members again after a rebuild.
      if (out.users.length > 0) await record.told(db, q, out.to).catch(() => undefined);
      return out.users;
    },
  };
}

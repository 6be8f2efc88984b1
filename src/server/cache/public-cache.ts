import { createHash } from 'node:crypto';
import type { Broadcast } from '../adapters/broadcast';
import type { Clock } from '../adapters/clock';
import type { CommitHooks } from '../db/commit-hooks';

import type { CachedAnswer, PublicCache, PublicTag, TagOptions } from './public-cache-types';

export type { CachedAnswer, CacheTicket, PublicCache, PublicTag, TagOptions } from './public-cache-types';

/** Answers kept per tag; the oldest go first beyond it (queries with many pages stay bounded). */
const MAX_ENTRIES_PER_TAG = 1_000;
/**
 * The longest an answer is served from memory, whatever the messages say: bounds an answer whose invalidation was
 * lost (another instance could not reach Redis, a row changed behind the services' back). docs/decisions/027.
 */
export const PUBLIC_CACHE_TTL_MS = 30_000;
const CHANNEL = 'public-cache';

interface TagState {
  generation: number;
  entries: Map<string, CachedAnswer & { generation: number; at: number }>;
  inflight: Map<string, { generation: number; answer: Promise<CachedAnswer | null> }>;
  nextChange?: TagOptions['nextChange'];
  /** Answers are good from `from` until `until` (ms), computed for `untilGeneration`. */
  from: number;
  until: number;
  untilGeneration: number;
  untilLoading: Promise<void> | null;
}

export const etagOf = (payload: string) => `"${createHash('sha1').update(payload).digest('base64url')}"`;

export interface PublicCacheOptions {
  clock: Clock;
  /** Shares invalidations between instances (Redis when several run); in-process only without it. */
  broadcast?: Broadcast;
  /** PUBLIC_CACHE_TTL_MS unless set (PUBLIC_CACHE_TTL_MS in the environment). */
  ttlMs?: number;
  onError?: (err: unknown) => void;
  /**
   * Runs its work once the current transaction commits (the app's commit hooks): an invalidation made inside a
   * transaction marks the tag stale again, and is announced, after the commit. Without it, at once.
   */
  afterCommit?: CommitHooks['afterCommit'];
}

/**
 * The in-process cache of public answers (docs/decisions/013-public-answer-cache.md). Each tag has a
 * generation: a write bumps it, an answer is kept only under the generation it was computed in, and
 * answers expire at the tag's next clock change, and PUBLIC_CACHE_TTL_MS after they were computed at the latest.
 * Invalidations go to every instance through the broadcast, and the cache is emptied when messages may have been
 * missed (`onGap`: the subscription is back, a message is missing). While Redis is away the cache keeps serving:
 * the lifetime bounds what another instance's unheard writes can leave (docs/decisions/027), and recomputing every
 * public answer on every request would slow the API several times over just when it is under strain.
 */
export function createPublicCache(opts: PublicCacheOptions): PublicCache {
  const tags = new Map<PublicTag, TagState>();
  const afterCommit = opts.afterCommit ?? ((fn: () => void) => fn());
  const ttl = opts.ttlMs ?? PUBLIC_CACHE_TTL_MS;

  const state = (tag: PublicTag): TagState => {
    let s = tags.get(tag);
    if (!s) {
      s = {
        generation: 0,
        entries: new Map(),
        inflight: new Map(),
        from: 0,
        until: 0,
        untilGeneration: -1,
        untilLoading: null,
      };
      tags.set(tag, s);
    }
    return s;
  };

  const bump = (tag: PublicTag) => {
    const s = state(tag);
    s.generation++;
    s.entries.clear();
    s.inflight.clear();
  };
  const bumpAll = () => {
    for (const tag of tags.keys()) bump(tag);
  };

  /** True while the tag's answers of this generation are good at `now`; a passed clock change bumps it. */
  const fresh = (s: TagState, tag: PublicTag, now: number): boolean => {
    if (s.untilGeneration !== s.generation) return false;
    // A clock set back (or stepped by NTP) may have skipped changes the window was computed without.
    if (now >= s.from && now < s.until) return true;
    bump(tag);
    return false;
  };

  /** Looks up the tag's next clock change after `at`, once per generation. */
  async function settleUntil(s: TagState, at: number): Promise<void> {
    const generation = s.generation;
    if (s.untilGeneration === generation) return;
    if (!s.untilLoading) {
      s.untilLoading = (async () => {
        const now = new Date(at);
        const next = s.nextChange ? await s.nextChange(now) : null;
        if (s.generation === generation) {
          s.from = now.getTime();
          s.until = next ? next.getTime() : Number.POSITIVE_INFINITY;
          s.untilGeneration = generation;
        }
      })().finally(() => {
        s.untilLoading = null;
      });
    }
    await s.untilLoading;
  }

  const publish = (tag: PublicTag) => opts.broadcast?.publish(CHANNEL, tag);
  // Delivered here too (a second bump, harmless) and on every other instance.
  opts.broadcast?.subscribe(CHANNEL, (tag) => bump(tag));
  opts.broadcast?.onGap(bumpAll);

  return {
    define(tag, o) {
      state(tag).nextChange = o.nextChange;
    },

    invalidate(tag) {
      bump(tag);
      // Committed: what was read meanwhile may be the old rows.
      afterCommit(() => {
        bump(tag);
        publish(tag);
      }, `public-cache:${tag}`);
    },

    get(tag, key) {
      const s = tags.get(tag);
      const now = opts.clock.now().getTime();
      if (!s || !fresh(s, tag, now)) return null;
      const entry = s.entries.get(key);
      if (!entry || entry.generation !== s.generation) return null;
      if (now - entry.at < ttl) return entry;
      s.entries.delete(key);
      return null;
    },

    pending(tag, key) {
      const s = tags.get(tag);
      const flight = s?.inflight.get(key);
      return flight && flight.generation === s!.generation ? flight.answer : null;
    },

    ticket(tag, key) {
      const s = state(tag);
      const generation = s.generation;
      let settle: (answer: CachedAnswer | null) => void = () => undefined;
      if (!s.inflight.has(key)) {
        const answer = new Promise<CachedAnswer | null>((resolve) => (settle = resolve));
        const flight = { generation, answer };
        s.inflight.set(key, flight);
        const resolve = settle;
        settle = (a) => {
          if (s.inflight.get(key) === flight) s.inflight.delete(key);
          resolve(a);
        };
      }
      return { tag, key, generation, at: opts.clock.now().getTime(), settle };
    },

    abandon(ticket) {
      ticket.settle(null);
    },

    async put(ticket, payload) {
      const answer = { payload, etag: etagOf(payload) };
      // Waiters get this answer whether or not it is kept: they asked while it was being computed.
      ticket.settle(answer);
      const s = state(ticket.tag);
      if (s.generation !== ticket.generation) return answer;
      fresh(s, ticket.tag, opts.clock.now().getTime());
      try {
        await settleUntil(s, ticket.at);
      } catch (err) {
        // Not kept, still answered: the cache is an optimisation.
        opts.onError?.(err);
        return answer;
      }
      // Checked again: a write or a clock change may have come while the next change was looked up;
      // and the window must cover the instant the answer was computed at.
      if (s.generation !== ticket.generation || !fresh(s, ticket.tag, opts.clock.now().getTime()) || ticket.at < s.from)
        return answer;
      if (s.entries.size >= MAX_ENTRIES_PER_TAG) s.entries.delete(s.entries.keys().next().value!);
      s.entries.set(ticket.key, { ...answer, generation: ticket.generation, at: ticket.at });
      return answer;
    },
  };
}

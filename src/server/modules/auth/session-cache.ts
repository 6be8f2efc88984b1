import { LRUCache } from 'lru-cache';
import type { Broadcast } from '../../adapters/broadcast';
import type { Clock } from '../../adapters/clock';

/** How long a looked-up session is believed without news: bounds one whose eviction message was lost. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept per instance; the least recently used go first beyond it. */
export const SESSION_CACHE_MAX = 10_000;

const CHANNEL = 'auth:sessions';

/** What the session lookup of a request needs: the session and its user's status and roles. */
export interface CachedSession {
  id: string;
  userId: string;
  roles: string[];
  userStatus: string;
  expiresAt: Date;
  lastUsedAt: Date;
}

/**
 * Live sessions by token hash, kept a few seconds so that a signed-in user's requests do not each
 * look their session up in the database (docs/decisions/021-session-cache.md).
 *
 * - Only a found, live session is kept; an unknown token always reaches the database.
 * - Every change of a session or of its user's status or roles evicts the user's sessions on every
 *   instance (`evictUser`, through the broadcast: Redis when several instances run), after the
 *   commit that made it (`deps.afterCommit`).
 * - A lookup that began before an eviction does not keep what it read (`epoch`), so a session is
 *   never kept from a read older than its last change.
 * - Kept SESSION_CACHE_TTL_MS at most; not believed while the broadcast is not live (an eviction
 *   from another instance could be missed), and forgotten when it comes back.
 */
export function createSessionCache(deps: { broadcast: Broadcast; clock: Clock; ttlMs?: number; max?: number }) {
  const ttl = deps.ttlMs ?? SESSION_CACHE_TTL_MS;
  /** Token hashes of each user's kept sessions, to evict by user. */
  const byUser = new Map<string, Set<string>>();
  const entries = new LRUCache<string, { session: CachedSession; until: number }>({
    max: deps.max ?? SESSION_CACHE_MAX,
    dispose: (value, hash) => {
      const hashes = byUser.get(value.session.userId);
      hashes?.delete(hash);
      if (hashes?.size === 0) byUser.delete(value.session.userId);
    },
  });
  let epoch = 0;

  const forget = (userId: string | null) => {
    epoch++;
    if (userId === null) {
      entries.clear();
      return;
    }
    for (const hash of [...(byUser.get(userId) ?? [])]) entries.delete(hash);
  };
  deps.broadcast.subscribe(CHANNEL, (userId) => forget(userId));
  deps.broadcast.onGap(() => forget(null));

  return {
    /** Taken before the database lookup; hand it to `put`. */
    epoch: () => epoch,

    /** The kept session of this token hash, or null (not kept, too old, or the cache is not trusted now). */
    get(tokenHash: string): CachedSession | null {
      if (!deps.broadcast.live()) return null;
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (entry.until > deps.clock.now().getTime()) return entry.session;
      entries.delete(tokenHash);
      return null;
    },

    /** Keeps a session read from the database by a lookup begun at `since`, unless an eviction came meanwhile. */
    put(tokenHash: string, session: CachedSession, since: number): void {
      if (since !== epoch || !deps.broadcast.live()) return;
      entries.set(tokenHash, { session, until: deps.clock.now().getTime() + ttl });
      let hashes = byUser.get(session.userId);
      if (!hashes) byUser.set(session.userId, (hashes = new Set()));
      hashes.add(tokenHash);
    },

    /** Drops the user's kept sessions here and on every instance (call it after the change has committed). */
    evictUser(userId: string): void {
      deps.broadcast.publish(CHANNEL, userId);
    },

    /** How many sessions are kept (tests, diagnostics). */
    size: () => entries.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

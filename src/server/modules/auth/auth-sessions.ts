import DataLoader from 'dataloader';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import type { SessionData } from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { newId, newSecretToken, sha256 } from '../../adapters/ids';
import type { Actor } from './auth.service';
import type { AuthRepository, SessionRow, UserRow } from './auth.repository';
import { toUser } from './auth-users';
import { createSessionCache } from './session-cache';

/** Refresh `lastUsedAt` at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60_000;

export const DISABLED_MSG = '此帳戶已被停用，如有疑問請聯絡客服';

/** Sessions: opened at sign-in, resolved from the bearer token on every request, kept in the session cache. */
export function createSessions(deps: Deps, repo: AuthRepository, adminPhones: ReadonlySet<string>) {
  const sessions = createSessionCache({ broadcast: deps.broadcast, clock: deps.clock });
  /** After the commit of a change to the user's sessions, status or roles: their kept sessions go, on every instance. */
  const sessionsChanged = (userId: string) => deps.afterCommit(() => sessions.evictUser(userId));
  /**
   * Session lookups, one query for all the tokens asked about in one turn of the event loop (a drop's rush brings
   * hundreds of new buyers at once; issue 10). No memory of its own: kept sessions are the session cache's.
   */
  const lookups = new DataLoader<string, SessionRow | null>(
    async (hashes) => {
      const found = new Map((await repo.findSessions(deps.db, hashes)).map((s) => [s.tokenHash, s]));
      return hashes.map((h) => found.get(h) ?? null);
    },
    { cache: false, maxBatchSize: 200, batchScheduleFn: (send) => setImmediate(send) },
  );

  /** A new session for an active user, on `db` (the database or the caller's transaction). */
  async function openSession(db: Executor, found: UserRow, userAgent?: string): Promise<SessionData> {
    if (found.status !== 'active') throw conflict(DISABLED_MSG);
    const now = deps.clock.now();
    let user = found;
    // Operators named by ADMIN_PHONES become admins when they sign in (PRODUCT.md §8).
    if (adminPhones.has(user.phone) && !user.roles.includes('admin')) {
      user = (await repo.updateUser(db, user.id, { roles: [...user.roles, 'admin'], updatedAt: now })) ?? user;
      sessionsChanged(user.id);
      deps.log.info({ userId: user.id }, 'admin role granted by ADMIN_PHONES');
    }
    const token = newSecretToken();
    await repo.insertSession(db, {
      id: newId('ses'),
      userId: user.id,
      tokenHash: sha256(token),
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    deps.log.info({ userId: user.id }, 'session started');
    return { token, user: toUser(user), authority: user.roles };
  }

  return {
    openSession,

    /** The actor behind a bearer token, or null when the session is unknown, expired or revoked. */
    async authenticate(token: string): Promise<Actor | null> {
      const hash = sha256(token);
      let session = sessions.get(hash);
      if (!session) {
        const since = sessions.epoch();
        const found = await lookups.load(hash);
        if (!found || found.userStatus !== 'active') return null;
        session = {
          id: found.id,
          userId: found.userId,
          roles: found.roles,
          userStatus: found.userStatus,
          expiresAt: found.expiresAt,
          lastUsedAt: found.lastUsedAt,
        };
        sessions.put(hash, session, since);
      }
      const now = deps.clock.now();
      if (now >= session.expiresAt) return null;
      if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_IDLE_MS) return null;
      if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touchSession(deps.db, session.id, now);
        session.lastUsedAt = now;
      }
      return { userId: session.userId, sessionId: session.id, roles: session.roles };
    },

    /**
     * Drops the kept sessions of a user on every instance, after the current transaction commits. The
     * services call it on every change of sessions, status or roles; a write that bypasses them (a test
     * making an operator by SQL) must call it too.
     */
    sessionsChanged,

    /** A new session for an active user: the token goes to the client, only its hash is kept. */
    async startSession(userId: string, userAgent?: string): Promise<SessionData> {
      const user = await repo.findUserById(deps.db, userId);
      if (!user) throw notFound('找不到此帳戶');
      return openSession(deps.db, user, userAgent);
    },

    /** Revokes the session the call was made with. */
    async logout(actor: Actor): Promise<void> {
      await repo.revokeSession(deps.db, actor.sessionId, deps.clock.now());
      sessionsChanged(actor.userId);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

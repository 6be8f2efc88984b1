import DataLoader from 'dataloader';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../shared/constants';
import { maskPhone } from '../../../shared/phone';
import type { SessionData, User } from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound } from '../../errors';
import { newId, newSecretToken, randomBase32, sha256 } from '../../adapters/ids';
import { createAuthRepository, type SessionRow, type UserRow } from './auth.repository';
import { createSmsCodeService, type SmsPurpose } from './sms.service';
import { createSessionCache } from './session-cache';

export type { SmsPurpose } from './sms.service';

// The caller's types live in src/shared (docs/decisions/026-layers.md); re-exported for the modules that name them from here.
export type { Actor, Operator } from '../../../shared/actor';
import type { Actor } from '../../../shared/actor';

/** Refresh `lastUsedAt` at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60_000;

const PHONE_TAKEN = '此手機號碼已被其他帳戶使用，請使用另一個號碼';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const DISABLED_MSG = '此帳戶已被停用，如有疑問請聯絡客服';

/**
 * The default nickname: 收藏家 and 6 random characters (about a billion of them). Never derived from
 * the phone: nicknames are public (card owners, provenance).
 */
export const defaultNickname = () => `收藏家${randomBase32(6)}`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    phone: row.phone,
    phoneMasked: maskPhone(row.phone),
    nickname: row.nickname,
    avatar: row.avatar,
    bio: row.bio,
    roles: row.roles,
    // Real-name verification (userIdInfo) sets this once it exists.
    verified: false,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuthService(deps: Deps) {
  const repo = createAuthRepository();
  const sms = createSmsCodeService(deps);
  const adminPhones = new Set(deps.config.ADMIN_PHONES);
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

    /**
     * Sends a code to any number. The answer is the same whether or not it is registered; only
     * the SMS of a login code to a registered, active number also carries the one-tap link.
     */
    async sendSms(input: { phone: string; purpose: SmsPurpose; ip: string }) {
      let loginLink = false;
      if (input.purpose === 'login') {
        const user = await repo.findUserByPhone(deps.db, input.phone);
        loginLink = user?.status === 'active';
      }
      return sms.send({ ...input, loginLink });
    },

    /** Sends a code to the signed-in user's own phone, to re-check a sensitive action. */
    async sendAuthSms(actor: Actor, input: { purpose: SmsPurpose; ip: string }) {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      return sms.send({ phone: user.phone, purpose: input.purpose, ip: input.ip });
    },

    /** Checks and consumes an SMS code of this phone and purpose; throws a 400 saying why it failed. */
    verifySmsCode(input: { phone: string; purpose: SmsPurpose; code: string }): Promise<void> {
      return sms.verify(input);
    },

    /** Public profiles (nickname, avatar, bio; masked phone for operators) of these users, by id. */
    async profiles(ids: string[]): Promise<
      Map<
        string,
        {
          id: string;
          nickname: string;
          avatar: string | null;
          bio: string;
          phoneMasked: string;
          createdAt: Date;
          active: boolean;
        }
      >
    > {
      const rows = await repo.usersByIds(deps.db, [...new Set(ids)]);
      return new Map(
        rows.map((u) => [
          u.id,
          {
            id: u.id,
            nickname: u.nickname,
            avatar: u.avatar,
            bio: u.bio,
            phoneMasked: maskPhone(u.phone),
            createdAt: u.createdAt,
            active: u.status === 'active',
          },
        ]),
      );
    },

    /** Checks and consumes a code sent by `sms/authSend` to the signed-in user's own phone; a 400 saying why otherwise. */
    async verifyOwnSmsCode(actor: Actor, purpose: SmsPurpose, code: string): Promise<void> {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      await sms.verify({ phone: user.phone, purpose, code });
    },

    /** The user of this phone, created (with the default nickname) when there is none. */
    async ensureUser(phone: string): Promise<{ id: string; created: boolean }> {
      const inserted = await repo.insertUser(deps.db, {
        id: newId('usr'),
        phone,
        nickname: defaultNickname(),
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      });
      if (inserted) return { id: inserted.id, created: true };
      const existing = await repo.findUserByPhone(deps.db, phone);
      if (!existing) throw new Error('user vanished between insert and select');
      return { id: existing.id, created: false };
    },

    /** A new session for an active user: the token goes to the client, only its hash is kept. */
    async startSession(userId: string, userAgent?: string): Promise<SessionData> {
      const user = await repo.findUserById(deps.db, userId);
      if (!user) throw notFound('找不到此帳戶');
      return openSession(deps.db, user, userAgent);
    },

    /** Sign-up: the code first, so only the phone's owner learns whether it is registered. */
    async register(input: {
      phone: string;
      code: string;
      nickname?: string;
      userAgent?: string;
    }): Promise<SessionData> {
      await sms.verify({ phone: input.phone, purpose: 'register', code: input.code });
      if (await repo.findUserByPhone(deps.db, input.phone)) throw conflict('此手機號碼已註冊，請直接登入');
      const now = deps.clock.now();
      const user = await repo.insertUser(deps.db, {
        id: newId('usr'),
        phone: input.phone,
        nickname: input.nickname ?? defaultNickname(),
        createdAt: now,
        updatedAt: now,
      });
      if (!user) throw conflict('此手機號碼已註冊，請直接登入');
      deps.log.info({ userId: user.id }, 'user registered');
      return openSession(deps.db, user, input.userAgent);
    },

    /** Sign-in with an SMS code: the code first, then whether the number has an account. */
    async login(input: { phone: string; code: string; userAgent?: string }): Promise<SessionData> {
      await sms.verify({ phone: input.phone, purpose: 'login', code: input.code });
      const user = await repo.findUserByPhone(deps.db, input.phone);
      if (!user) throw invalid('此手機號碼尚未註冊，請先註冊');
      return openSession(deps.db, user, input.userAgent);
    },

    /** Sign-in with the one-tap link of a login SMS: single use, and it uses up that SMS's code. */
    async loginByToken(input: { token: string; userAgent?: string }): Promise<SessionData> {
      const outcome = await deps.db.transaction(async (tx) => {
        const used = await sms.useLoginTokenIn(tx, input.token);
        if (!used.ok) return used;
        const user = await repo.findUserByPhone(tx, used.value);
        if (!user) return { ok: false as const, msg: '此手機號碼尚未註冊，請先註冊' };
        if (user.status !== 'active') return { ok: false as const, msg: DISABLED_MSG };
        return { ok: true as const, value: await openSession(tx, user, input.userAgent) };
      });
      if (!outcome.ok) throw invalid(outcome.msg);
      return outcome.value;
    },

    /** Revokes the session the call was made with. */
    async logout(actor: Actor): Promise<void> {
      await repo.revokeSession(deps.db, actor.sessionId, deps.clock.now());
      sessionsChanged(actor.userId);
    },

    /** The signed-in user's own profile; `verified` is the account module's to fill in (identity depends on auth). */
    async info(actor: Actor): Promise<User> {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      return toUser(user);
    },

    /** Changes the user's nickname, bio or avatar (the caller has checked the avatar is one they may use). */
    async updateProfile(actor: Actor, patch: { nickname?: string; bio?: string; avatar?: string }): Promise<User> {
      const user = await repo.updateUser(deps.db, actor.userId, { ...patch, updatedAt: deps.clock.now() });
      if (!user) throw notFound('找不到此帳戶');
      return toUser(user);
    },

    /**
     * Moves the account to a new phone: a code sent to the current phone (`sms/authSend`,
     * change_phone_old) and one sent to the new phone (`sms/send`, change_phone). Both codes are
     * checked before either is used, and before anyone learns whether the new number is taken
     * (only its owner gets that far; whose it is is never said). Other sessions are revoked.
     */
    async changePhone(actor: Actor, input: { authCode: string; phone: string; code: string }): Promise<User> {
      const current = await repo.findUserById(deps.db, actor.userId);
      if (!current) throw notFound('找不到此帳戶');
      if (current.phone === input.phone) throw invalid('新手機號碼與目前的號碼相同');
      const outcome = await deps.db
        .transaction(async (tx) => {
          const old = await sms.verifyIn(
            tx,
            { phone: current.phone, purpose: 'change_phone_old', code: input.authCode },
            { consume: false },
          );
          if (!old.ok) return { ok: false as const, kind: 'invalid' as const, msg: `目前手機號碼的驗證碼：${old.msg}` };
          const fresh = await sms.verifyIn(
            tx,
            { phone: input.phone, purpose: 'change_phone', code: input.code },
            { consume: false },
          );
          if (!fresh.ok)
            return { ok: false as const, kind: 'invalid' as const, msg: `新手機號碼的驗證碼：${fresh.msg}` };
          await sms.consumeIn(tx, old.value);
          await sms.consumeIn(tx, fresh.value);
          if (await repo.findUserByPhone(tx, input.phone))
            return { ok: false as const, kind: 'conflict' as const, msg: PHONE_TAKEN };
          const now = deps.clock.now();
          const user = await repo.updateUser(tx, actor.userId, { phone: input.phone, updatedAt: now });
          if (!user) return { ok: false as const, kind: 'not_found' as const, msg: '找不到此帳戶' };
          const revoked = await repo.revokeOtherSessions(tx, actor.userId, actor.sessionId, now);
          sessionsChanged(actor.userId);
          deps.log.info({ userId: actor.userId, revoked }, 'phone changed, other sessions revoked');
          return { ok: true as const, user };
        })
        .catch((err: unknown) => {
          // Taken by a sign-up between the check and the update: the unique index refuses it.
          if (isUniqueViolation(err)) return { ok: false as const, kind: 'conflict' as const, msg: PHONE_TAKEN };
          throw err;
        });
      if (!outcome.ok) throw new AppError(outcome.kind, outcome.msg);
      return toUser(outcome.user);
    },

    /** Disables a user and revokes all their sessions, in one transaction. */
    async disableUser(userId: string, reason = '營運人員停用'): Promise<void> {
      const found = await deps.db.transaction(async (tx) => {
        if (!(await repo.userForUpdate(tx, userId))) return false;
        await this.disableIn(tx, userId, reason);
        return true;
      });
      if (!found) throw notFound('找不到此用戶');
    },

    /* ---- Operators' changes, inside the caller's transaction (the back office audits them there) ---- */

    /** The user with status, reason and roles, locked until `tx` ends; null when there is none. */
    userForUpdate: (tx: Executor, userId: string) => repo.userForUpdate(tx, userId),

    /** Disables the account and revokes every session: the next request with an old token gets 403. */
    async disableIn(tx: Executor, userId: string, reason: string): Promise<number> {
      const now = deps.clock.now();
      await repo.setUserStatus(tx, userId, 'disabled', now, reason);
      const revoked = await repo.revokeUserSessions(tx, userId, now);
      sessionsChanged(userId);
      deps.log.info({ userId, revoked }, 'user disabled');
      return revoked;
    },

    /** Lets a disabled user sign in again (their old sessions stay revoked). */
    async enableIn(tx: Executor, userId: string): Promise<void> {
      await repo.setUserStatus(tx, userId, 'active', deps.clock.now());
      sessionsChanged(userId);
      deps.log.info({ userId }, 'user enabled');
    },

    /** Replaces the user's roles; the user's kept sessions are evicted after the commit, so this applies at once. */
    async setRolesIn(tx: Executor, userId: string, roles: string[]): Promise<void> {
      await repo.updateUser(tx, userId, { roles, updatedAt: deps.clock.now() });
      sessionsChanged(userId);
      deps.log.info({ userId, roles }, 'roles changed');
    },

    /** Whether ADMIN_PHONES names this phone (such a user regains `admin` at every sign-in). */
    isConfiguredAdmin: (phone: string) => adminPhones.has(phone),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

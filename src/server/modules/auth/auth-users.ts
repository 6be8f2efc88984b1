import { maskPhone } from '../../../shared/phone';
import type { User } from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { newId, randomBase32 } from '../../adapters/ids';
import type { Actor } from './auth.service';
import type { AuthRepository, UserRow } from './auth.repository';

/** Brings a user's search doc up to date inside `db`'s transaction (the search module's, passed in by services.ts). */
export type NicknameIndexer = (db: Executor, userId: string) => Promise<void>;

/**
 * The default nickname: 收藏家 and 6 random characters (about a billion of them). Never derived from
 * the phone: nicknames are public (card owners, provenance).
 */
export const defaultNickname = () => `收藏家${randomBase32(6)}`;

export function toUser(row: UserRow): User {
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

/** A user's public profile, as other modules show it. */
export interface PublicProfile {
  id: string;
  nickname: string;
  avatar: string | null;
  bio: string;
  phoneMasked: string;
  createdAt: Date;
  active: boolean;
}

/**
 * Users' accounts: profiles, and the operators' changes of status and roles. Every change of status or
 * roles calls `sessionsChanged`, so the user's kept sessions go after the commit.
 */
export function createUserAccounts(
  deps: Deps,
  repo: AuthRepository,
  sessionsChanged: (userId: string) => void,
  adminPhones: ReadonlySet<string>,
  nicknamed: NicknameIndexer,
) {
  /** Disables the account and revokes every session: the next request with an old token gets 403. */
  async function disableIn(tx: Executor, userId: string, reason: string): Promise<number> {
    const now = deps.clock.now();
    await repo.setUserStatus(tx, userId, 'disabled', now, reason);
    // A disabled user is no longer found as a seller.
    await nicknamed(tx, userId);
    const revoked = await repo.revokeUserSessions(tx, userId, now);
    sessionsChanged(userId);
    deps.log.info({ userId, revoked }, 'user disabled');
    return revoked;
  }

  return {
    /** Public profiles (nickname, avatar, bio; masked phone for operators) of these users, by id. */
    async profiles(ids: string[]): Promise<Map<string, PublicProfile>> {
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

    /** The user of this phone, created (with the default nickname) when there is none. */
    async ensureUser(phone: string): Promise<{ id: string; created: boolean }> {
      const inserted = await deps.db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          id: newId('usr'),
          phone,
          nickname: defaultNickname(),
          createdAt: deps.clock.now(),
          updatedAt: deps.clock.now(),
        });
        if (row) await nicknamed(tx, row.id);
        return row;
      });
      if (inserted) return { id: inserted.id, created: true };
      const existing = await repo.findUserByPhone(deps.db, phone);
      if (!existing) throw new Error('user vanished between insert and select');
      return { id: existing.id, created: false };
    },

    /** Changes the user's nickname, bio or avatar (the caller has checked the avatar is one they may use). */
    async updateProfile(actor: Actor, patch: { nickname?: string; bio?: string; avatar?: string }): Promise<User> {
      const user = await deps.db.transaction(async (tx) => {
        const row = await repo.updateUser(tx, actor.userId, { ...patch, updatedAt: deps.clock.now() });
        if (row && patch.nickname !== undefined) await nicknamed(tx, row.id);
        return row;
      });
      if (!user) throw notFound('找不到此帳戶');
      return toUser(user);
    },

    /** Disables a user and revokes all their sessions, in one transaction. */
    async disableUser(userId: string, reason = '營運人員停用'): Promise<void> {
      const found = await deps.db.transaction(async (tx) => {
        if (!(await repo.userForUpdate(tx, userId))) return false;
        await disableIn(tx, userId, reason);
        return true;
      });
      if (!found) throw notFound('找不到此用戶');
    },

    /* ---- Operators' changes, inside the caller's transaction (the back office audits them there) ---- */

    /** The user with status, reason and roles, locked until `tx` ends; null when there is none. */
    userForUpdate: (tx: Executor, userId: string) => repo.userForUpdate(tx, userId),

    disableIn,

    /** Lets a disabled user sign in again (their old sessions stay revoked). */
    async enableIn(tx: Executor, userId: string): Promise<void> {
      await repo.setUserStatus(tx, userId, 'active', deps.clock.now());
      await nicknamed(tx, userId);
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

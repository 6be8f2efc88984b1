import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { preparedOnce } from '../../db/prepared';
import { sessions, users } from '../../db/schema/auth';
import { revokeOnce } from './revoke.repository';

export const sessionColumns = {
  ...columnsOf(sessions, 'id', 'userId', 'createdAt', 'lastUsedAt', 'expiresAt'),
  roles: users.roles,
  userStatus: users.status,
};

const userColumns = columnsOf(users, 'id', 'phone', 'nickname', 'avatar', 'bio', 'roles', 'status', 'createdAt');
export type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;
export type SessionRow = Awaited<ReturnType<AuthRepository['findSessions']>>[number];

/** The session lookup of signed-in requests, several tokens at a time (auth.service.ts): built once (db/prepared.ts). */
const sessionsByHashes = preparedOnce((db) =>
  db
    .select({ ...sessionColumns, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`, isNull(sessions.revokedAt)))
    .prepare('auth_sessions_by_hashes'),
);

export function createAuthRepository() {
  return {
    /** The live (not revoked) sessions of these token hashes, with their users' roles and status; unknown ones are left out. */
    async findSessions(db: Executor, tokenHashes: readonly string[]) {
      return sessionsByHashes(db).execute({ tokenHashes });
    },

    async touchSession(db: Executor, id: string, at: Date) {
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
    },

    async insertSession(db: Executor, row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },

    revokeSession: (db: Executor, id: string, at: Date) => revokeOnce(db, sessions, id, at),

    /** Revokes every live session of a user; answers how many. */
    async revokeUserSessions(db: Executor, userId: string, at: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Revokes every live session of a user except `keepId` (a phone change); answers how many. */
    async revokeOtherSessions(db: Executor, userId: string, keepId: string, at: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    async findUserById(db: Executor, id: string) {
      const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findUserByPhone(db: Executor, phone: string) {
      const rows = await db.select(userColumns).from(users).where(eq(users.phone, phone)).limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a user unless the phone is taken; answers the new row or null. */
    async insertUser(db: Executor, row: typeof users.$inferInsert) {
      const rows = await db
        .insert(users)
        .values(row)
        .onConflictDoNothing({ target: users.phone })
        .returning(userColumns);
      return rows[0] ?? null;
    },

    async usersByIds(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select(columnsOf(users, 'id', 'nickname', 'avatar', 'bio', 'phone', 'createdAt', 'status'))
        .from(users)
        .where(inArray(users.id, ids));
    },

    /** Changes profile fields or the phone of a user; answers the new row, or null when there is none. */
    async updateUser(
      db: Executor,
      id: string,
      set: Partial<Pick<typeof users.$inferInsert, 'nickname' | 'bio' | 'avatar' | 'phone' | 'roles'>> & {
        updatedAt: Date;
      },
    ) {
      const rows = await db.update(users).set(set).where(eq(users.id, id)).returning(userColumns);
      return rows[0] ?? null;
    },

    /** Disables (with the operator's reason) or re-enables a user; answers whether the user exists. */
    async setUserStatus(
      db: Executor,
      id: string,
      status: 'active' | 'disabled',
      at: Date,
      reason: string | null = null,
    ): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({
          status,
          disabledReason: status === 'disabled' ? reason : null,
          disabledAt: status === 'disabled' ? at : null,
          updatedAt: at,
        })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** A user as operators change it (status, reason, roles), locked for the change and its audit record. */
    async userForUpdate(db: Executor, id: string) {
      const rows = await db
        .select({ ...userColumns, disabledReason: users.disabledReason, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, id))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
  roles: users.roles,
  userStatus: users.status,
};

export function createAuthRepository() {
  return {
    /** A live (not revoked) session by token hash, with its user's roles and status. */
    async findSession(db: Executor, tokenHash: string) {
      const rows = await db
        .select(sessionColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    async touchSession(db: Executor, id: string, at: Date) {
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

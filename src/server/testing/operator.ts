import { and, desc, eq } from 'drizzle-orm';
import { auditLog, users } from '../db/schema';
import { signIn } from '../modules/collection/collection-fixtures';
import type { TestApp } from './test-app';

/** A signed-in operator (role `admin`), as ADMIN_PHONES or another operator would make one. */
export async function signInOperator(t: TestApp) {
  const user = await signIn(t);
  await t.db
    .update(users)
    .set({ roles: ['user', 'admin'] })
    .where(eq(users.id, user.userId));
  // Written past the services: the kept sessions must be told (docs/decisions/021-session-cache.md).
  t.app.services.auth.sessionsChanged(user.userId);
  return user;
}

/** The audit records of one target, newest first. */
export async function auditOf(t: TestApp, targetId: string, action?: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

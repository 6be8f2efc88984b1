import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { sessions, smsCodes } from '../../db/schema/auth';

/** Revokes the session or SMS code `id` at `at`, unless it already is (its first revocation time stays). */
export async function revokeOnce(db: Executor, table: typeof sessions | typeof smsCodes, id: string, at: Date) {
  await db
    .update(table)
    .set({ revokedAt: at })
    .where(and(eq(table.id, id), isNull(table.revokedAt)));
}

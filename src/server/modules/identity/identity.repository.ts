import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { identities, payoutAccounts } from '../../db/schema/identity';

export type IdentityRow = typeof identities.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export function createIdentityRepository() {
  return {
    async identityOf(db: Executor, userId: string): Promise<IdentityRow | null> {
      const [row] = await db.select().from(identities).where(eq(identities.userId, userId));
      return row ?? null;
    },

    /** Inserts unless the user or the number is already verified; answers which one clashed. */
    async insertIdentity(db: Executor, row: typeof identities.$inferInsert): Promise<'ok' | 'user' | 'number'> {
      const inserted = await db.insert(identities).values(row).onConflictDoNothing().returning({ id: identities.id });
      if (inserted.length > 0) return 'ok';
      const [mine] = await db.select({ id: identities.id }).from(identities).where(eq(identities.userId, row.userId));
      return mine ? 'user' : 'number';
    },

    async payoutAccountOf(db: Executor, userId: string): Promise<PayoutAccountRow | null> {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      return row ?? null;
    },

    async upsertPayoutAccount(db: Executor, row: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
      const [out] = await db
        .insert(payoutAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: payoutAccounts.userId,
          set: { method: row.method, accountName: row.accountName, accountNoCipher: row.accountNoCipher, keyId: row.keyId, accountNoMasked: row.accountNoMasked, updatedAt: row.updatedAt },
        })
        .returning();
      return out!;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

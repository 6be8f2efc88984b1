import { and, eq } from 'drizzle-orm';
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

    /**
     * A revoked identity verified again: the row is replaced in place (one identity per account);
     * answers 'number' when another account holds that document.
     */
    async reverifyIdentity(db: Executor, row: typeof identities.$inferInsert): Promise<'ok' | 'user' | 'number'> {
      const { id: _id, userId, createdAt: _c, ...set } = row;
      try {
        const out = await db
          .update(identities)
          .set({ ...set, status: 'verified', revokedAt: null, revokedReason: null })
          .where(and(eq(identities.userId, userId), eq(identities.status, 'revoked')))
          .returning({ id: identities.id });
        return out.length > 0 ? 'ok' : 'user';
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if (e.code === '23505' || e.cause?.code === '23505') return 'number';
        throw err;
      }
    },

    async identityById(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<IdentityRow | null> {
      const q = db.select().from(identities).where(eq(identities.id, id));
      const [row] = opts.forUpdate ? await q.for('update') : await q;
      return row ?? null;
    },

    /**
     * verified → revoked with the operator's reason. The number's hash is replaced by a marker, so the
     * document can be verified again (by its real owner, or by this user).
     */
    async revokeIdentity(db: Executor, id: string, set: { reason: string; at: Date }): Promise<IdentityRow | null> {
      const [row] = await db
        .update(identities)
        .set({ status: 'revoked', revokedAt: set.at, revokedReason: set.reason, numberHash: `revoked:${id}` })
        .where(and(eq(identities.id, id), eq(identities.status, 'verified')))
        .returning();
      return row ?? null;
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
          set: {
            method: row.method,
            accountName: row.accountName,
            accountNoCipher: row.accountNoCipher,
            keyId: row.keyId,
            accountNoMasked: row.accountNoMasked,
            accountNoHash: row.accountNoHash,
            updatedAt: row.updatedAt,
          },
        })
        .returning();
      return out!;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

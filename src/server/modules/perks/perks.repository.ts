import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { perkUses } from '../../db/schema/perks';

export type PerkUseRow = typeof perkUses.$inferSelect;

/** The perk uses table (decision 029): one row per use, unique per limit slot. */
export function createPerksRepository() {
  return {
    /**
     * Records a use unless its slot is taken: false then. `ON CONFLICT DO NOTHING` waits for a concurrent
     * transaction holding the same key and answers false once it committed (true if it rolled back), so two
     * orders can never both take one slot.
     */
    async insertUse(tx: Tx, row: PerkUseRow): Promise<boolean> {
      const out = await tx
        .insert(perkUses)
        .values(row)
        .onConflictDoNothing({ target: perkUses.useKey })
        .returning({ id: perkUses.id });
      return out.length > 0;
    },

    /** Which of these use keys are taken (the preview skips used-up perks). */
    async takenKeys(db: Executor, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: perkUses.useKey }).from(perkUses).where(inArray(perkUses.useKey, keys));
      return new Set(rows.map((r) => r.key));
    },

    /** Gives back the uses of an order (cancelled or expired): how many were deleted. */
    async deleteUsesOfOrder(tx: Tx, orderNo: string): Promise<number> {
      const out = await tx.delete(perkUses).where(eq(perkUses.orderNo, orderNo)).returning({ id: perkUses.id });
      return out.length;
    },

    /** The uses of an order (tests, reconciliation). */
    async usesOfOrder(db: Executor, orderNo: string) {
      return db
        .select({ useKey: perkUses.useKey, cardId: perkUses.cardId, savingCents: perkUses.savingCents })
        .from(perkUses)
        .where(eq(perkUses.orderNo, orderNo));
    },
  };
}
export type PerksRepository = ReturnType<typeof createPerksRepository>;

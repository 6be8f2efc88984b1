import { and, eq, isNull } from 'drizzle-orm';
import type { SandboxBank } from '../../adapters/payments/sandbox';
import type { Executor } from '../../db/client';
import { sandboxCharges } from '../../db/schema/payments';

/** The sandbox provider's "bank side" on the payments module's table (the adapter gets it passed in). */
export function createSandboxBank(db: Executor): SandboxBank {
  const chargeOf = async (checkoutId: string) => {
    const [row] = await db
      .select({
        id: sandboxCharges.id,
        orderNo: sandboxCharges.orderNo,
        amountCents: sandboxCharges.amountCents,
        refundId: sandboxCharges.refundId,
      })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.checkoutId, checkoutId))
      .limit(1);
    return row ?? null;
  };
  return {
    chargeOf,
    async addCharge(row) {
      await db.insert(sandboxCharges).values(row).onConflictDoNothing({ target: sandboxCharges.checkoutId });
    },
    async refund({ checkoutId, chargeId, refundId, at }) {
      await db
        .update(sandboxCharges)
        .set({ refundId, refundedAt: at })
        .where(
          and(
            eq(sandboxCharges.checkoutId, checkoutId),
            eq(sandboxCharges.id, chargeId),
            isNull(sandboxCharges.refundId),
          ),
        );
      const charge = await chargeOf(checkoutId);
      return charge && charge.id === chargeId ? charge.refundId : null;
    },
  };
}

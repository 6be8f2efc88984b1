import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/** Owned by the payments module (the adapter gets it through `SandboxBank`). The sandbox provider's own record of checkouts it was paid for (its "bank side"). */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text().primaryKey(),
  /** The sandbox checkout id, the order's providerRef. */
  checkoutId: text().notNull().unique(),
  orderNo: text().notNull(),
  amountCents: integer().notNull(),
  createdAt: ts().notNull(),
  /** Set once when the charge is refunded (the sandbox's refund id). */
  refundId: text(),
  refundedAt: ts(),
});

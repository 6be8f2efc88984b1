import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNT_TYPES, REFUND_REASONS, REFUND_STATUSES } from '../../../shared/schemas/admin-ledger';
import { users } from './auth';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });
const cents = () => bigint({ mode: 'number' });

/**
 * A ledger account: `user:<id>:balance`, `user:<id>:escrow`, `platform:fees`, `platform:sales`,
 * `provider:clearing`, `orders:clearing`, `refunds:payable`, `payout:clearing`, `payout:paid` (decision 025). `balance` is a cache of the sum of its entries, changed only in
 * the transaction that inserts them; user and payout accounts may never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id),
    type: text({ enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    balance: cents().notNull().default(0),
    createdAt: ts().notNull(),
  },
  (t) => [
    check('ledger_accounts_non_negative', sql`${t.type} IN ('provider_clearing', 'promotions') OR ${t.balance} >= 0`),
    index().on(t.userId),
  ],
);

/** One balanced movement of money: its entries net to zero. `(kind, ref_id)` is unique so a step is never booked twice. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    refId: text().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.kind, t.refId)],
);

/** Append-only: rows are inserted, never updated or deleted. Amounts are signed HKD cents. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text().primaryKey(),
    postingId: text()
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    /** The LEDGER_ENTRY_KINDS line the user sees (for user accounts). */
    kind: text().notNull(),
    amount: cents().notNull(),
    refId: text(),
    description: text().notNull().default(''),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.accountId, t.createdAt), index().on(t.postingId)],
);

/** A payout request: `pending` until an operator pays or rejects it. The account is a snapshot. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text().primaryKey(),
    userId: userRef(),
    amount: cents().notNull(),
    status: text({ enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    method: text({ enum: ['fps', 'bank', 'payme'] }).notNull(),
    accountName: text().notNull(),
    accountNoCipher: text().notNull(),
    keyId: text().notNull(),
    accountNoMasked: text().notNull(),
    reference: text(),
    reason: text(),
    decidedBy: text().references(() => users.id),
    createdAt: ts().notNull(),
    decidedAt: ts(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.createdAt),
    check('withdrawals_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Money a provider paid us that is owed back (a late or a second payment, decision 025): `pending` until an
 * operator pays it through the provider's refund (`paid`), or the provider refused (`failed`, may be retried).
 * One record per provider payment.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text().primaryKey(),
    orderNo: text().notNull(),
    /** Who paid: told when the refund is issued (decision 034); null on records made before it. */
    buyerId: text().references(() => users.id),
    provider: text({ enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's checkout (sandbox checkout id, Stripe Checkout Session id). */
    providerRef: text().notNull(),
    /** The provider's payment being refunded (sandbox charge, Stripe payment intent). */
    paymentRef: text().notNull(),
    /** The posting key of the money received: `<provider>:<paymentRef>`. */
    postingRef: text().notNull().unique(),
    amount: cents().notNull(),
    currency: text().notNull().default('HKD'),
    /** `order`: an operator's refund of a paid order, paid back through the provider (decision 050). */
    reason: text({ enum: REFUND_REASONS }).notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The provider's refund id once paid. */
    providerRefundRef: text(),
    /** Why the provider refused, when `failed`. */
    failure: text(),
    decidedBy: text().references(() => users.id),
    createdAt: ts().notNull(),
    decidedAt: ts(),
  },
  (t) => [index().on(t.status, t.createdAt), index().on(t.orderNo), check('refunds_amount', sql`${t.amount} > 0`)],
);

/**
 * An operator's refund of a paid mall order (decision 050): the money given back (to the buyer's balance at once, or
 * owed through the provider with its `refunds` record), the operator's reason and the units that went back. Booked
 * once per `(order_no, idempotency_key)`: a repeated request answers the first refund.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text().primaryKey(),
    orderNo: text().notNull(),
    /** The sale it refunds (`sales.id`, decision 049). */
    saleId: text().notNull(),
    buyerId: userRef(),
    /** The order's item when refunded, so lists need no joins. */
    itemName: text().notNull(),
    /** Given back to the buyer (cents). */
    amount: cents().notNull(),
    /** The part of the order's perk discount it reverses (platform promotions), besides `amount` (cents). */
    perkPart: cents().notNull().default(0),
    /** To the buyer's balance at once; otherwise through the provider (`refund_id`). */
    toBalance: boolean().notNull(),
    /** The refund record that pays it through the provider; null when it went to the balance. */
    refundId: text(),
    reason: text().notNull(),
    /** The card or goods units that went back to the platform. */
    itemIds: jsonb().$type<string[]>().notNull().default([]),
    idempotencyKey: text().notNull(),
    createdBy: text()
      .notNull()
      .references(() => users.id),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.orderNo, t.idempotencyKey),
    index().on(t.createdAt),
    index().on(t.buyerId, t.createdAt),
    check('order_refunds_amount', sql`${t.amount} > 0 AND ${t.perkPart} >= 0`),
  ],
);

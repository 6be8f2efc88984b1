import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = () => timestamp({ withTimezone: true });
const cents = () => bigint({ mode: 'number' });

/**
 * A ledger account: `user:<id>:balance`, `user:<id>:escrow`, `platform:fees`, `provider:clearing`,
 * `payout:clearing`, `payout:paid`. `balance` is a cache of the sum of its entries, changed only in
 * the transaction that inserts them; user and payout accounts may never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text().primaryKey(),
    userId: text().references(() => users.id),
    type: text({
      enum: ['balance', 'escrow', 'fees', 'provider_clearing', 'payout_clearing', 'payout_paid'],
    }).notNull(),
    balance: cents().notNull().default(0),
    createdAt: ts().notNull(),
  },
  (t) => [
    check('ledger_accounts_non_negative', sql`${t.type} = 'provider_clearing' OR ${t.balance} >= 0`),
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
    userId: text()
      .notNull()
      .references(() => users.id),
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

import { bigint, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

/**
 * What a user's collection was worth on each Hong Kong day (issue 24): one row per user and day, written once by the
 * daily snapshot job (`ON CONFLICT DO NOTHING`, so a second instance or a rerun changes nothing). Amounts in cents:
 * `value` sums the priced items only (`priced` of `items`), `cost` every held item's cost basis.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: userRef(),
    day: date({ mode: 'string' }).notNull(),
    value: bigint({ mode: 'number' }).notNull(),
    cost: bigint({ mode: 'number' }).notNull(),
    items: integer().notNull(),
    priced: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

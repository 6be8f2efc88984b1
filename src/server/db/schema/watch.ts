import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * The watchlist (issue 22, docs/decisions/033-watchlist.md): one row per user and watched card info, product,
 * listing or seller, unique per user, kind and target. `target_id` is not a foreign key: it names a row of one of
 * four tables, and a watched listing or item that goes away leaves the row (the list shows it as gone).
 * `basis`/`price_at_add` is what "change since added" compares with: the market price when it was known at add
 * time (`market`), else the lowest ask (`ask`; a listing's own price); both null for a seller or an item with
 * neither.
 */
export const watches = pgTable(
  'watches',
  {
    id: text().primaryKey(),
    userId: userRef(),
    kind: text({ enum: ['cardInfo', 'product', 'listing', 'seller'] }).notNull(),
    targetId: text().notNull(),
    basis: text({ enum: ['market', 'ask'] }),
    priceAtAdd: integer(),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.kind, t.targetId),
    index().on(t.userId, t.createdAt),
    // Who watches a target (the next issue's alerts) and the sellers' 「N 人關注」.
    index().on(t.kind, t.targetId),
  ],
);

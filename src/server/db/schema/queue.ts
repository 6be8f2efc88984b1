import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * The waiting room of a hot drop (docs/decisions/044-waiting-room.md): the admission rate the operator set, and
 * where the admission schedule stood when it was last changed. No row: the default rate from the sale's start.
 * `item_id` names a card info, product (or, later, mystery pack) by `kind`, so it is not a foreign key. Who waits
 * is kept in Redis (or the instance's memory without it), not here.
 */
export const dropQueues = pgTable(
  'drop_queues',
  {
    kind: text({ enum: ['card', 'product', 'pack'] }).notNull(),
    itemId: text().notNull(),
    /** Buyers admitted per minute. */
    perMinute: integer().notNull(),
    /** How many were admitted by `baseAt` (the schedule before the last change). */
    admittedBase: integer().notNull().default(0),
    /** When the rate was last changed; null = never (the schedule starts at the sale's start). */
    baseAt: ts(),
    updatedAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

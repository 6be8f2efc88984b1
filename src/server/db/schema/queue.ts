import { doublePrecision, index, integer, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

/**
 * The waiting room of a hot drop (docs/decisions/044-waiting-room.md): the admission rate the operator set, and
 * where the admission schedule stood when it was last changed. No row: the default rate from the sale's start.
 * `item_id` names a card info, product (or, later, mystery pack) by `kind`, so it is not a foreign key. Who waits
 * is in `queue_members` (decision 051).
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

/**
 * The arrival numbers of joins after a sale's start (decision 051): one sequence for every queue, so taking a number
 * locks nothing; only the order matters (the gaps of other queues and of repeat joins do not).
 */
export const queueArrivals = pgSequence('queue_arrivals');

/**
 * Who waits in a drop's queue (decision 051): the record that Redis, or the instance's memory, holds a copy of and is
 * rebuilt from. `queue_id` is the drop and its sale's start (`queueIdOf`); `score` orders the queue (the shuffle in
 * [0, 1) before the start, 1 + an arrival number after it), then `user_id`; `admitted_at` is set once.
 */
export const queueMembers = pgTable(
  'queue_members',
  {
    queueId: text().notNull(),
    userId: text().notNull(),
    score: doublePrecision().notNull(),
    joinedAt: ts().notNull(),
    admittedAt: ts(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.userId] }), index().on(t.queueId, t.score)],
);

/**
 * Per queue: how many ranks were told their turn (`told`), and `epoch`, which a write made while the fast copy was
 * unreachable moves on, so every instance rebuilds that copy before trusting it again (decision 051).
 */
export const queueMarks = pgTable('queue_marks', {
  queueId: text().primaryKey(),
  told: integer().notNull().default(0),
  epoch: integer().notNull().default(0),
});

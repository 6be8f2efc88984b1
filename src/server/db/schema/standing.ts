import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { sales } from './sales';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * A 👍 or 👎 one side of a completed trade between two users leaves about the other (issue 21 §4): one per order per side,
 * editable for 7 days after it was left. An operator may hide the comment (audited); the rating still counts.
 */
export const marketFeedback = pgTable(
  'market_feedback',
  {
    id: text().primaryKey(),
    /** The sale rated (decision 049); a market trade's sale keeps its market order's id. */
    orderId: text()
      .notNull()
      .references(() => sales.id),
    /** Who left it, and the side they were on. */
    authorId: userRef(),
    authorRole: text({ enum: ['buyer', 'seller'] }).notNull(),
    /** The other side of the trade: whose standing it counts in. */
    subjectId: userRef(),
    rating: text({ enum: ['up', 'down'] }).notNull(),
    comment: text().notNull().default(''),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
    hiddenAt: ts(),
    hiddenBy: text().references(() => users.id),
    hiddenReason: text(),
  },
  (t) => [
    uniqueIndex('market_feedback_one_per_side').on(t.orderId, t.authorId),
    index().on(t.subjectId, t.createdAt),
    index().on(t.createdAt),
    check('market_feedback_comment', sql`char_length(${t.comment}) <= 200`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REGION_NAMES } from '../../../shared/hk-regions';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/** A user's delivery address (owned by modules/addresses); at most one default per user, at most 20. */
export const addresses = pgTable(
  'addresses',
  {
    id: text().primaryKey(),
    userId: userRef(),
    recipient: text().notNull(),
    /** E.164, checked like a sign-in phone. */
    phone: text().notNull(),
    region: text({ enum: REGION_NAMES }).notNull(),
    district: text().notNull(),
    detail: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // The last guard behind the per-user lock: two defaults can never be committed.
    uniqueIndex('addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import type { ItemVia } from '../../../shared/schemas/collection';
import { users } from './auth';

export type { ItemVia };

/** How and when a card or goods unit reached its owner (fresh builders per table). */
export const acquisition = () => ({
  acquiredVia: text().$type<ItemVia>().notNull(),
  acquiredAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** The provenance fields of card and goods events: who gave, who got, at what price, why (fresh builders per table). */
export const provenance = () => ({
  via: text().$type<ItemVia>().notNull(),
  fromUserId: text().references(() => users.id),
  toUserId: text().references(() => users.id),
  priceCents: integer(),
  /** The pay order, exchange code or listing behind the event. */
  refId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

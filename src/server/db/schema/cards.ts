import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cardInfos } from './catalogue';
import { acquisition, provenance, userRef } from './item-columns';

export type { ItemVia } from './item-columns';

/** One owned, numbered copy of a card info. */
export const cards = pgTable(
  'cards',
  {
    id: text().primaryKey(),
    cardInfoId: text()
      .notNull()
      .references(() => cardInfos.id),
    serial: integer().notNull(),
    ownerId: userRef(),
    status: text({ enum: ['held', 'listed', 'reserved', 'consumed'] })
      .notNull()
      .default('held'),
    ...acquisition(),
    /** The owner shows it at /card?id= (issue 23); off by default and after every change of owner. */
    isPublic: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.cardInfoId, t.serial), index().on(t.ownerId, t.status)],
);

/** Provenance: every mint, change of owner and consumption of a card. */
export const cardEvents = pgTable(
  'card_events',
  {
    id: text().primaryKey(),
    cardId: text()
      .notNull()
      .references(() => cards.id),
    kind: text({ enum: ['minted', 'transferred', 'consumed'] }).notNull(),
    ...provenance(),
  },
  (t) => [index().on(t.cardId, t.createdAt)],
);

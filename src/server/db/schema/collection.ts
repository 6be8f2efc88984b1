import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { themes } from './catalogue';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/** A complete set exchanged for the theme's B card: once per user per theme. */
export const themeExchanges = pgTable(
  'theme_exchanges',
  {
    id: text().primaryKey(),
    userId: userRef(),
    themeId: text()
      .notNull()
      .references(() => themes.id),
    bCardId: text()
      .notNull()
      .references(() => cards.id),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.userId, t.themeId)],
);

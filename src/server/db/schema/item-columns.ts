import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { SELL_TYPE, sideOfSellType, type ListingSide } from '../../../shared/market-labels';
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

/**
 * The item snapshot a listing or market order carries (docs/decisions/011-market.md): what market pages show of the
 * card or goods unit without joining its owner's tables (fresh builders per table).
 */
export const itemSnapshot = () => ({
  kind: text({ enum: ['card', 'goods'] }).notNull(),
  cardInfoId: text(),
  productId: text(),
  /** The card / goods unit: listed (sell), or sold into a buy listing once filled. */
  itemId: text(),
  itemName: text().notNull(),
  itemImage: text().notNull(),
  rarity: text({ enum: ['N', 'R', 'SR', 'SSR', 'UR'] }),
  themeId: text(),
  serial: integer(),
  editionSize: integer(),
});

/** A required reference to a user (a fresh builder per column). */
export const userRef = () =>
  text()
    .notNull()
    .references(() => users.id);

/**
 * `sell_type`: the seed's integer in the database (0 sell, 1 buy; migration 0004's triggers and raw SQL read it), a
 * `ListingSide` in every row Drizzle reads and every value it writes or compares (`eq(listings.sellType, 'buy')`).
 */
export const listingSide = customType<{ data: ListingSide; driverData: number }>({
  dataType: () => 'integer',
  toDriver: (side) => SELL_TYPE[side],
  fromDriver: (sellType) => sideOfSellType(sellType),
});

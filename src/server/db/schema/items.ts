import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GOODS_EVENT_KINDS } from '../../../shared/schemas/delivery';
import { cardInfos, products } from './catalogue';
import { users } from './users';

/** How an item came to exist or change hands; also the provenance `via`. */
export type ItemVia = 'drop' | 'code' | 'set_exchange' | 'market' | 'purchase';

/** How and when a card or goods unit reached its owner (fresh builders per table). */
const acquisition = () => ({
  acquiredVia: text().$type<ItemVia>().notNull(),
  acquiredAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** The provenance fields of card and goods events: who gave, who got, at what price, why (fresh builders per table). */
const provenance = () => ({
  via: text().$type<ItemVia>().notNull(),
  fromUserId: text().references(() => users.id),
  toUserId: text().references(() => users.id),
  priceCents: integer(),
  /** The pay order, exchange code or listing behind the event. */
  refId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** One owned, numbered copy of a card info. */
export const cards = pgTable(
  'cards',
  {
    id: text().primaryKey(),
    cardInfoId: text()
      .notNull()
      .references(() => cardInfos.id),
    serial: integer().notNull(),
    ownerId: text()
      .notNull()
      .references(() => users.id),
    status: text({ enum: ['held', 'listed', 'reserved', 'consumed'] }).notNull().default('held'),
    ...acquisition(),
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

/** One owned unit of a product, held in the platform's custody. */
export const goods = pgTable(
  'goods',
  {
    id: text().primaryKey(),
    productId: text()
      .notNull()
      .references(() => products.id),
    ownerId: text()
      .notNull()
      .references(() => users.id),
    status: text({ enum: ['held', 'listed', 'reserved', 'delivering', 'delivered'] }).notNull().default('held'),
    ...acquisition(),
  },
  (t) => [index().on(t.ownerId, t.status)],
);

export const goodsEvents = pgTable(
  'goods_events',
  {
    id: text().primaryKey(),
    goodsId: text()
      .notNull()
      .references(() => goods.id),
    kind: text({ enum: GOODS_EVENT_KINDS }).notNull(),
    ...provenance(),
  },
  (t) => [index().on(t.goodsId, t.createdAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * Price alerts (issue 23, docs/decisions/039-price-alerts.md): a user's line on the asks (`side = ask`, sell
 * listings) or bids (`bid`, buy listings) of one card info (`item_kind = card`) or product (`goods`). `item_id` is not
 * a foreign key (it names a row of one of two tables). An alert fires once (`armed` false, `last_fired_*` set) and
 * re-arms when the best price of its side is back 5 % past the line; both happen in the listing's transaction, under
 * a row lock of the item's alerts.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: text().primaryKey(),
    userId: userRef(),
    itemKind: text({ enum: ['card', 'goods'] }).notNull(),
    itemId: text().notNull(),
    side: text({ enum: ['ask', 'bid'] }).notNull(),
    op: text({ enum: ['below', 'above'] }).notNull(),
    priceCents: integer().notNull(),
    armed: boolean().notNull().default(true),
    lastFiredAt: ts(),
    lastFiredPrice: integer(),
    createdAt: ts().notNull(),
  },
  (t) => [
    // The alerts a listing event checks (and locks): one item, one side.
    index('price_alerts_item_idx').on(t.itemKind, t.itemId, t.side),
    index('price_alerts_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('price_alerts_price', sql`${t.priceCents} > 0`),
  ],
);

/**
 * What has been told once: `drop` (a watched drop starting, target = `card:<id>` / `goods:<id>`) and `set` (a
 * theme the user started became completable from the market, target = theme id). The primary key is the dedupe: a
 * reminder is written only by the transaction that inserts its mark. A `set` mark is removed when its theme is found
 * no longer completable, so it can be told again once it is.
 */
export const alertMarks = pgTable(
  'alert_marks',
  {
    kind: text({ enum: ['drop', 'set'] }).notNull(),
    userId: userRef(),
    targetId: text().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId, t.targetId] })],
);

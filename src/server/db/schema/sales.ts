import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { COST_RULES, SALE_SOURCES, SALE_WAYS } from '../../../shared/sale-ways';
import { users } from './auth';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * One completed trade, whatever its way (decision 049): written by the trade's own workflow in the transaction of its
 * postings, and read by every view of a completed trade (histories, the desk, prices, ratings, standing, the portfolio,
 * the back office, notifications). A market trade's sale keeps its market order's id.
 */
export const sales = pgTable(
  'sales',
  {
    id: text().primaryKey(),
    way: text({ enum: SALE_WAYS }).notNull(),
    kind: text({ enum: ['card', 'goods'] }).notNull(),
    buyerId: userRef(),
    /** The user who sold; null when the platform sold (mall, packs) or nobody did (codes, set exchanges). */
    sellerId: text().references(() => users.id),
    cardInfoId: text(),
    productId: text(),
    themeId: text(),
    itemName: text().notNull(),
    itemImage: text().notNull().default(''),
    rarity: text({ enum: ['N', 'R', 'SR', 'SSR', 'UR'] }),
    /** Units that changed hands (a pack's cards; a product's units). */
    quantity: integer().notNull(),
    /** The price before any perk discount, for all units (cents). */
    price: integer().notNull(),
    /** The market fee the seller paid (cents). */
    fee: integer().notNull().default(0),
    /** What a perk took off the price (cents): the buyer paid `price − discount`. */
    discount: integer().notNull().default(0),
    /** What an operator refunded of it since (cents). */
    refunded: integer().notNull().default(0),
    /** The pay order it was paid by, if any. */
    orderNo: text(),
    /** The ledger posting that booked its money (`ledger_postings.kind`, `ref_id`); null when no money moved. */
    postingKind: text(),
    postingRef: text(),
    /** The sell or buy listing it sold or filled, if any (the desk and the back office read its state here). */
    listingId: text(),
    /** The listing, bid, offer, quote, card info, product, pack series, code or theme it came from. */
    sourceKind: text({ enum: SALE_SOURCES }).notNull(),
    sourceId: text().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [
    index().on(t.buyerId, t.createdAt),
    index().on(t.sellerId, t.createdAt),
    index().on(t.orderNo),
    index().on(t.sourceKind, t.sourceId),
    index().on(t.listingId),
    // The market price and recent trades of a card info / product: trades between users only.
    index('sales_market_card_idx')
      .on(t.cardInfoId, t.createdAt)
      .where(sql`${t.sellerId} IS NOT NULL`),
    index('sales_market_product_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.sellerId} IS NOT NULL`),
    index().on(t.createdAt),
    check(
      'sales_amounts',
      sql`${t.quantity} >= 1 AND ${t.price} >= 0 AND ${t.fee} >= 0 AND ${t.discount} BETWEEN 0 AND ${t.price} AND ${t.refunded} BETWEEN 0 AND ${t.price} - ${t.discount}`,
    ),
  ],
);

/**
 * The units of a sale: each card or goods unit that changed hands, with the cost basis it has for its new owner and
 * the rule that set it (decision 049).
 */
export const saleItems = pgTable(
  'sale_items',
  {
    saleId: text()
      .notNull()
      .references(() => sales.id),
    itemId: text().notNull(),
    serial: integer(),
    editionSize: integer(),
    /** The unit's cost basis for the buyer (cents). */
    cost: integer().notNull(),
    costRule: text({ enum: COST_RULES }).notNull(),
    /** Set once an operator refunded the unit and it went back to the platform (decision 049). */
    returnedAt: ts(),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.itemId] }),
    index().on(t.itemId),
    check('sale_items_cost', sql`${t.cost} >= 0`),
  ],
);

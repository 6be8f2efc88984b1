import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { sellTypeSql } from '../sell-type-sql';
import { itemSnapshot, listingSide, userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * A market listing (PRODUCT.md §3, §4.6). Item fields are a snapshot taken when it was listed (`itemSnapshot`) so
 * market pages need no joins. An item is in at most one open listing (partial unique index).
 */
export const listings = pgTable(
  'listings',
  {
    id: text().primaryKey(),
    /** 'sell' or 'buy' (the column holds the seed's 0 / 1). */
    sellType: listingSide().notNull(),
    ...itemSnapshot(),
    productType: integer(),
    /** The seller (sell) or the bidder (buy). */
    userId: userRef(),
    price: integer().notNull(),
    /** Copies a buy listing asks for (1–10; a sell listing is one item); its escrow holds `price × (quantity − filled)`. */
    quantity: integer().notNull().default(1),
    /** Copies of a buy listing filled so far: it stays active until `filled = quantity` (then sold). */
    filled: integer().notNull().default(0),
    /** A buy listing's serial range (card bids only; both set or neither, equal for one serial): only a card whose serial is in it fills the bid. */
    serialMin: integer(),
    serialMax: integer(),
    /** 1 when listed; each price change is the next version (its row in `listing_versions`). */
    version: integer().notNull().default(1),
    status: text({
      enum: ['pending_payment', 'active', 'reserved', 'sold', 'cancelled', 'expired', 'taken_down'],
    }).notNull(),
    /** Why an operator took the listing down; shown to the seller. */
    takedownReason: text(),
    /** The buyer's pending `market` pay order while reserved. */
    reservedOrderNo: text(),
    /** The `bid` pay order that funds a buy listing. */
    fundingOrderNo: text(),
    counterpartyId: text().references(() => users.id),
    expiresAt: ts().notNull(),
    /** When its owner was told it expires within 24 hours (once per listing; decision 034). */
    expiryWarnedAt: ts(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
    closedAt: ts(),
  },
  (t) => [
    uniqueIndex('listings_one_open_per_item')
      .on(t.itemId)
      .where(sql`${t.sellType} = ${sellTypeSql('sell')} AND ${t.status} IN ('active', 'reserved')`),
    // Open listings are what the market pages read: partial indexes in each sort order.
    index('listings_active_price_idx')
      .on(t.sellType, t.price)
      .where(sql`${t.status} = 'active'`),
    index('listings_active_kind_price_idx')
      .on(t.sellType, t.kind, t.price)
      .where(sql`${t.status} = 'active'`),
    index('listings_active_created_idx')
      .on(t.sellType, t.createdAt)
      .where(sql`${t.status} = 'active'`),
    index('listings_active_card_info_idx')
      .on(t.sellType, t.cardInfoId, t.price)
      .where(sql`${t.status} = 'active'`),
    index('listings_active_product_idx')
      .on(t.sellType, t.productId, t.price)
      .where(sql`${t.status} = 'active'`),
    // `serial` last: a serial search with text (`龍 #7`) probes each matching card's open listings here and tests the
    // serial in the index, fetching only the listings of that serial (decision 031, sixth change).
    index().on(t.cardInfoId, t.sellType, t.status, t.price, t.serial),
    index().on(t.productId, t.sellType, t.status, t.price),
    index().on(t.userId, t.sellType, t.status, t.createdAt),
    // A serial search (`#12`, decision 031): the open sell listings of one serial, cheapest first; the filters a serial
    // search narrows by are in the key too, so its count reads the index alone.
    index('listings_active_serial_idx')
      .on(t.serial, t.price, t.editionSize, t.cardInfoId, t.themeId, t.rarity)
      .where(sql`${t.status} = 'active' AND ${t.sellType} = ${sellTypeSql('sell')}`),
    index('listings_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('active', 'pending_payment')`),
    // A `bid` pay order funds one buy listing, a `bids` order (decision 042) several.
    index().on(t.fundingOrderNo),
    check(
      'listings_item',
      sql`(${t.kind} = 'card' AND ${t.cardInfoId} IS NOT NULL) OR (${t.kind} = 'goods' AND ${t.productId} IS NOT NULL)`,
    ),
    check('listings_sell_item', sql`${t.sellType} = ${sellTypeSql('buy')} OR ${t.itemId} IS NOT NULL`),
    check(
      'listings_serial_range',
      sql`(${t.serialMin} IS NULL AND ${t.serialMax} IS NULL) OR (${t.sellType} = ${sellTypeSql('buy')} AND ${t.kind} = 'card' AND ${t.serialMin} >= 1 AND ${t.serialMax} >= ${t.serialMin})`,
    ),
    check('listings_price', sql`${t.price} BETWEEN 100 AND 100000000`),
    check(
      'listings_quantity',
      sql`${t.quantity} BETWEEN 1 AND 10 AND ${t.filled} BETWEEN 0 AND ${t.quantity} AND (${t.sellType} = ${sellTypeSql('buy')} OR ${t.quantity} = 1)`,
    ),
  ],
);

/**
 * A listing's price history: one row per price change (version 2, 3, …), written in the transaction that changes
 * `listings.price`/`version`. Version 1 is the listing itself (its first price is the first row's `previousPrice`).
 */
export const listingVersions = pgTable(
  'listing_versions',
  {
    listingId: text()
      .notNull()
      .references(() => listings.id),
    version: integer().notNull(),
    price: integer().notNull(),
    previousPrice: integer().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.version] })],
);

/** A market trade: a buyer's order on a sell listing (pending until paid) or the fill of a buy listing. */
export const marketOrders = pgTable(
  'market_orders',
  {
    id: text().primaryKey(),
    orderNo: text(),
    listingId: text()
      .notNull()
      .references(() => listings.id),
    /** The traded listing's side: 'sell' (a purchase) or 'buy' (a bid filled). */
    sellType: listingSide().notNull(),
    ...itemSnapshot(),
    buyerId: userRef(),
    sellerId: userRef(),
    price: integer().notNull(),
    fee: integer().notNull(),
    status: text({ enum: ['pending', 'completed', 'cancelled', 'expired'] }).notNull(),
    createdAt: ts().notNull(),
    completedAt: ts(),
  },
  (t) => [
    index().on(t.buyerId, t.createdAt),
    index().on(t.sellerId, t.createdAt),
    index('market_orders_sales_card_idx')
      .on(t.cardInfoId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('market_orders_sales_product_idx')
      .on(t.productId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // A `market` pay order buys one listing; a `set` pay order (decision 042) buys several, one market order each.
    uniqueIndex('market_orders_order_no_listing')
      .on(t.orderNo, t.listingId)
      .where(sql`${t.sellType} = ${sellTypeSql('sell')}`),
  ],
);

/**
 * One row per card info / product ever listed: its open (`active`) listings of each side, counted,
 * best-priced and dated, so the market rows (`cardInfo/marketList`) read a few hundred rows instead of
 * grouping every open listing on each request. Maintained only by the `listings` triggers of
 * migration 0004 (docs/decisions/014-market-summaries.md), in the transaction that changes a listing,
 * whoever changes it. Time does not change a row: a listing past `expires_at` still counts until the
 * expiry job closes it, so readers treat a row whose `*_next_expiry_at` has passed as stale.
 */
export const marketSummaries = pgTable(
  'market_summaries',
  {
    kind: text({ enum: ['card', 'goods'] }).notNull(),
    /** The card info (card) or product (goods). */
    refId: text().notNull(),
    name: text().notNull().default(''),
    image: text().notNull().default(''),
    rarity: text({ enum: ['N', 'R', 'SR', 'SSR', 'UR'] }),
    themeId: text(),
    productType: integer(),
    askCount: integer().notNull().default(0),
    askMin: integer(),
    askNewestAt: ts(),
    askNextExpiryAt: ts(),
    bidCount: integer().notNull().default(0),
    bidMax: integer(),
    bidNewestAt: ts(),
    bidNextExpiryAt: ts(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index('market_summaries_ask_min_idx')
      .on(t.kind, t.askMin, t.refId)
      .where(sql`${t.askCount} > 0`),
    index('market_summaries_ask_newest_idx')
      .on(t.kind, t.askNewestAt)
      .where(sql`${t.askCount} > 0`),
    index('market_summaries_bid_max_idx')
      .on(t.kind, t.bidMax, t.refId)
      .where(sql`${t.bidCount} > 0`),
    index('market_summaries_bid_newest_idx')
      .on(t.kind, t.bidNewestAt)
      .where(sql`${t.bidCount} > 0`),
  ],
);

/**
 * One line of a set quote: the missing card and its cheapest source at its price, a market listing or (issue 44) the
 * mall's own editions. Lines stored before issue 44 carry no `source`: they are the market's.
 */
export type SetQuoteLine =
  | { source?: 'market'; cardInfoId: string; listingId: string; price: number }
  | { source: 'mall'; cardInfoId: string; listingId?: null; price: number };

/** Where a set order stands (issue 44): its quote's mall lines count toward the buyer's per-user limits until released. */
export const SET_QUOTE_ORDER_STATUSES = ['pending', 'paid', 'released'] as const;

/**
 * A set-completion quote (decision 042): the cheapest source of each card missing from a user's started theme, as
 * read at `createdAt`; a `set` pay order may reserve exactly these listings and mall editions at no more than these
 * prices until `expiresAt` (2 minutes). Only its user may use it, for one order: `orderNo` binds it to the order that
 * reserved it (its lines then hold the prices reserved), which reads its mall lines back to settle or release them.
 */
export const setQuotes = pgTable(
  'set_quotes',
  {
    id: text().primaryKey(),
    userId: userRef(),
    themeId: text().notNull(),
    lines: jsonb().$type<SetQuoteLine[]>().notNull(),
    totalCents: integer().notNull(),
    createdAt: ts().notNull(),
    expiresAt: ts().notNull(),
    orderNo: text(),
    orderStatus: text({ enum: SET_QUOTE_ORDER_STATUSES }),
  },
  (t) => [index().on(t.userId, t.createdAt), uniqueIndex().on(t.orderNo)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OFFER_CLOSE_REASONS, OFFER_SIDES, OFFER_STATUSES } from '../../../shared/schemas/offers';
import { itemSnapshot, userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * An offer on a held card or goods unit, or on its sell listing (issue 24). The buyer's money is held in their escrow
 * account while it is open (`held`, always the buyer's last price); `turn` names who answers next. Item fields are a
 * snapshot, like a listing's.
 */
export const offers = pgTable(
  'offers',
  {
    id: text().primaryKey(),
    buyerId: userRef(),
    /** The owner when the offer was made. */
    sellerId: userRef(),
    ...itemSnapshot(),
    /** The sell listing the offer was made on, if any. */
    listingId: text(),
    /** The `offer` pay order funding it (made with a short balance), while and after it is paid. */
    fundingOrderNo: text(),
    status: text({ enum: OFFER_STATUSES }).notNull(),
    closeReason: text({ enum: OFFER_CLOSE_REASONS }),
    /** The price on the table (cents). */
    price: integer().notNull(),
    /** What the buyer's escrow holds for it (cents): their last price while open, 0 once closed. */
    held: integer().notNull(),
    turn: text({ enum: OFFER_SIDES }).notNull(),
    rounds: integer().notNull().default(1),
    /** Each change is the next version: an answer is applied only to the version it was read at. */
    version: integer().notNull().default(1),
    expiresAt: ts().notNull(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
    closedAt: ts(),
  },
  (t) => [
    index().on(t.buyerId, t.status, t.createdAt),
    index().on(t.sellerId, t.status, t.createdAt),
    index().on(t.itemId, t.status),
    index('offers_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    // One open (or awaiting payment) offer per buyer and item.
    uniqueIndex('offers_one_open_per_buyer_item')
      .on(t.buyerId, t.itemId)
      .where(sql`${t.status} IN ('open', 'pending_payment')`),
    check('offers_rounds', sql`${t.rounds} BETWEEN 1 AND 5`),
    check('offers_amounts', sql`${t.price} > 0 AND ${t.held} >= 0`),
  ],
);

/** The thread of an offer: every price named, by whom. */
export const offerRounds = pgTable(
  'offer_rounds',
  {
    id: text().primaryKey(),
    offerId: text()
      .notNull()
      .references(() => offers.id),
    n: integer().notNull(),
    by: text({ enum: OFFER_SIDES }).notNull(),
    price: integer().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.offerId, t.n)],
);

/**
 * An owner's offer settings of one held item (no row: offers allowed, no auto-decline). A row of a former owner does
 * not apply to the new one.
 */
export const offerSettings = pgTable('offer_settings', {
  itemId: text().primaryKey(),
  ownerId: userRef(),
  allowOffers: boolean().notNull().default(true),
  /** Offers under this share (per cent) of the market price are declined at once; null: none. */
  autoDeclinePct: integer(),
  updatedAt: ts().notNull(),
});

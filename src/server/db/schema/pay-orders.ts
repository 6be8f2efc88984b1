import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAY_ORDER_STATUSES, PAY_ORDER_TYPES } from '../../../shared/schemas/pay-orders';
import { cardInfos, products } from './catalogue';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'balance'] as const;

/** What a paid order produced, kept on the order so payCheck can answer it again. */
export interface PayOrderFulfilment {
  cards?: { id: string; serial: number; editionSize: number; name: string; image: string; rarity: string }[];
  goods?: { id: string; productId: string; name: string; image: string; type: number }[];
}

/** The perk a pay order used (what the pay screen shows). */
export interface PayOrderPerk {
  title: string;
  cardName: string;
  cardId: string;
}

/**
 * Any payable order (PRODUCT.md §3). The item is one of card info / product / listing, by type;
 * creating the order reserves it, expiry or cancellation gives it back, payment settles it once.
 */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: text().primaryKey(),
    /** Readable order number shown to the user: TR + yymmdd + 8 characters. */
    orderNo: text().notNull().unique(),
    type: text({ enum: PAY_ORDER_TYPES }).notNull(),
    buyerId: userRef(),
    cardInfoId: text().references(() => cardInfos.id),
    productId: text().references(() => products.id),
    /**
     * The market listing bought (type market) or funded (type bid), the theme a `set` order completes or a `bids` order bids in (decision 042),
     * the series of a `pack` order (043), or the offer an `offer` order funds or an `offer_topup` order tops up (040).
     */
    listingId: text(),
    /** Name and image of the item when ordered, so order lists need no joins. */
    itemName: text().notNull(),
    itemImage: text().notNull().default(''),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    /** What a perk took off the order (decision 029); `amountCents` is what the buyer pays. */
    discountCents: integer().notNull().default(0),
    /** The perk applied: its title and the card that granted it. */
    perk: jsonb().$type<PayOrderPerk>(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('HKD'),
    status: text({ enum: PAY_ORDER_STATUSES }).notNull().default('pending'),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout (sandbox checkout id, Stripe Checkout Session id). */
    providerRef: text(),
    /** The provider's payment id once paid (sandbox charge, Stripe payment intent). */
    providerPaymentRef: text(),
    payUrl: text(),
    idempotencyKey: text().notNull(),
    /** Hash of the request body the key was first used with. */
    requestHash: text().notNull(),
    expiresAt: ts().notNull(),
    paidAt: ts(),
    cancelledAt: ts(),
    expiredAt: ts(),
    refundedAt: ts(),
    /** Why an order was refunded or cancelled by the system. */
    note: text(),
    fulfilment: jsonb().$type<PayOrderFulfilment>(),
    /**
     * The waiting room's admission this order used (a hot drop, decision 044): one per buyer and drop, so a second
     * order with it is refused (checked under the buyer's lock; the unique index is the backstop).
     */
    admissionId: text(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.buyerId, t.idempotencyKey),
    index().on(t.buyerId, t.type, t.createdAt),
    index().on(t.buyerId, t.cardInfoId),
    index().on(t.buyerId, t.productId),
    // The live drop view's sales per minute, and `/metrics`' orders by state read from the index alone (decision 045).
    index('pay_orders_card_info_created_idx').on(t.cardInfoId, t.createdAt),
    index('pay_orders_product_created_idx').on(t.productId, t.createdAt),
    index('pay_orders_status_idx').on(t.status),
    uniqueIndex('pay_orders_admission_idx')
      .on(t.admissionId)
      .where(sql`${t.admissionId} IS NOT NULL`),
    index('pay_orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'pay_orders_item',
      sql`(${t.type} = 'card' AND ${t.cardInfoId} IS NOT NULL) OR (${t.type} = 'product' AND ${t.productId} IS NOT NULL) OR (${t.type} IN ('market', 'bid', 'set', 'pack', 'offer', 'bids', 'offer_topup') AND ${t.listingId} IS NOT NULL)`,
    ),
    check(
      'pay_orders_amounts',
      sql`${t.quantity} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.amountCents} = ${t.unitPriceCents} * ${t.quantity} - ${t.discountCents}`,
    ),
  ],
);

/** Webhook events received, once per (provider, event id): a replayed event is a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    orderNo: text(),
    /** settled | already_paid | refunded_late | ignored | amount_mismatch | unknown_order */
    outcome: text().notNull(),
    receivedAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.provider, t.eventId), index().on(t.orderNo)],
);

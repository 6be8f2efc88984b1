import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { SALE_WAYS } from '../sale-ways';
import { ListingSchema, MarketOrderSchema, PublicUserSchema } from './market';
import { PriceSchema, sellTypeQuery } from './market-requests';

/** The trader's desk (/my/market): their own listings with versions and history, and one order in full. */

export const DESK_VIEWS = ['open', 'ended'] as const;
export type DeskView = (typeof DESK_VIEWS)[number];

/** `market/mine`: open (awaiting payment, active, reserved) or ended listings of one side, newest first. */
export const DeskQuerySchema = PageQuerySchema.extend({
  view: z.enum(DESK_VIEWS, { error: '「類別」只可為 open（進行中）或 ended（已結束）' }).default('open'),
  sell_type: sellTypeQuery,
});
export type DeskQuery = z.input<typeof DeskQuerySchema>;

export const LISTING_EVENT_KINDS = ['listed', 'price_changed', 'sold', 'cancelled', 'expired', 'taken_down'] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];
export const LISTING_EVENT_LABELS: Record<ListingEventKind, string> = {
  listed: '上架',
  price_changed: '改價',
  sold: '成交',
  cancelled: '已取消',
  expired: '已過期',
  taken_down: '已被下架',
};

/** One step of a listing's history, oldest first: its price after the step (null when the step set none). */
export const ListingEventSchema = z.object({
  kind: z.enum(LISTING_EVENT_KINDS),
  /** The listing's version after the step (1 when listed). */
  version: z.number().int(),
  price: z.number().int(),
  previousPrice: z.number().int().nullable(),
  at: z.iso.datetime(),
});
export type ListingEvent = z.infer<typeof ListingEventSchema>;

/**
 * A sale that sold or filled a listing (decision 049), whatever its way (bought, filled, an offer accepted, a set
 * completed): its price, fee and time, and the other party. `id` is the order of `market/orderDetail`.
 */
export const ListingSaleSchema = z.object({
  id: z.string(),
  way: z.enum(SALE_WAYS),
  price: z.number().int(),
  fee: z.number().int(),
  /** The buyer (a sell listing) or the seller (a buy listing). */
  counterparty: PublicUserSchema,
  at: z.iso.datetime(),
});
export type ListingSale = z.infer<typeof ListingSaleSchema>;

/** A listing on its owner's desk: its current version, its history and the sales that sold or filled it. */
export const DeskListingSchema = ListingSchema.extend({
  version: z.number().int(),
  closedAt: z.iso.datetime().nullable(),
  /** How many users watch the listing (its owner sees the number, never who). */
  watchers: z.number().int(),
  history: z.array(ListingEventSchema),
  /** Oldest first: one for a sold sell listing, one per copy filled of a bid. */
  sales: z.array(ListingSaleSchema),
});
export type DeskListing = z.infer<typeof DeskListingSchema>;

/**
 * `market/editPrice`: a new price for an active listing of the caller; `version` is the one they saw (a price changed
 * since is refused, so two tabs cannot overwrite each other).
 */
export const EditPriceBodySchema = z.strictObject({
  id: z.string({ error: '請選擇掛單' }).trim().min(1, '請選擇掛單').max(64, '找不到此掛單'),
  price: PriceSchema,
  version: z.number({ error: '版本格式不正確' }).int('版本格式不正確').min(1, '版本格式不正確').optional(),
});
export type EditPriceBody = z.input<typeof EditPriceBodySchema>;

export const MarketOrderIdQuerySchema = z.object({
  id: z.string({ error: '請指定訂單' }).trim().min(1, '請指定訂單').max(64, '找不到此訂單'),
});

export const ORDER_STEP_KINDS = ['ordered', 'funded', 'paid', 'completed', 'cancelled', 'expired'] as const;
export type OrderStepKind = (typeof ORDER_STEP_KINDS)[number];

/** `market/orderDetail`: one market order of the caller (buyer or seller), with how it was paid and its timeline. */
export const MarketOrderDetailSchema = MarketOrderSchema.extend({
  /** The buyer's payment method (模擬付款, 信用卡, 錢包餘額); the seller sees where the proceeds went. */
  paymentMethod: z.string().nullable(),
  /** Oldest first; `at` is null for an end not dated (a cancelled or lapsed order). */
  timeline: z.array(z.object({ kind: z.enum(ORDER_STEP_KINDS), label: z.string(), at: z.iso.datetime().nullable() })),
});
export type MarketOrderDetail = z.infer<typeof MarketOrderDetailSchema>;

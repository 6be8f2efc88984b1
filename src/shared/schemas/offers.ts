import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { PriceSchema } from './market-requests';

/** Offers and counter-offers on a held item or a sell listing (issue 24), their money held from the wallet. */

/** `pending_payment`: made with a short balance, waiting for its `offer` pay order (the owner does not see it yet). */
export const OFFER_STATUSES = ['pending_payment', 'open', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending_payment: '待付款',
  open: '進行中',
  accepted: '已成交',
  declined: '已拒絕',
  cancelled: '已取消',
  expired: '已過期',
};
/** Who must answer next: `seller` (the buyer's price is on the table) or `buyer` (the owner countered). */
export const OFFER_SIDES = ['buyer', 'seller'] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];
/** Why an offer closed besides its own parties' actions: the item went to another buyer, or was no longer available. */
export const OFFER_CLOSE_REASONS = ['sold', 'unavailable'] as const;

/** An offer runs 24 hours to 7 days, chosen when made. */
export const OFFER_MIN_HOURS = 24;
export const OFFER_MAX_HOURS = 168;
/** The first offer and at most 4 counters. */
export const OFFER_MAX_ROUNDS = 5;
/** Open offers one buyer may have at once. */
export const OFFER_MAX_OPEN = 20;
/** Under this share of the market price the answer carries a warning. */
export const OFFER_WARN_PCT = 50;

const itemKind = z.enum(['card', 'goods'], { error: '請選擇物品類型' });
const id = (label: string) =>
  z
    .string({ error: `請選擇${label}` })
    .trim()
    .min(1, `請選擇${label}`)
    .max(64, `找不到此${label}`);

// ---- requests -------------------------------------------------------------------------------------

/** `offer/create`: on a held item of another user, or on its sell listing (`listingId`). */
export const CreateOfferBodySchema = z.strictObject({
  kind: itemKind,
  itemId: id('物品'),
  listingId: id('掛單').optional(),
  price: PriceSchema,
  /** How long the offer stays open: 24 – 168 hours. */
  expiresInHours: z
    .number({ error: '請選擇出價有效期' })
    .int('出價有效期以小時計，必須是整數')
    .min(OFFER_MIN_HOURS, '出價有效期最短為 24 小時')
    .max(OFFER_MAX_HOURS, '出價有效期最長為 7 日'),
});
export type CreateOfferBody = z.infer<typeof CreateOfferBodySchema>;

/** `offer/counter`: the side whose turn it is names a new price. */
export const CounterOfferBodySchema = z.strictObject({ id: id('出價'), price: PriceSchema });
/** `offer/accept`, `offer/decline`, `offer/cancel`; `price` on accept is the price the caller saw. */
export const OfferActionBodySchema = z.strictObject({ id: id('出價'), price: PriceSchema.optional() });

export const OfferListQuerySchema = PageQuerySchema.extend({
  role: z.enum(['made', 'received'], { error: '請選擇「我出的價」或「收到的出價」' }).default('made'),
  status: z.enum(OFFER_STATUSES, { error: '「狀態」格式不正確' }).optional(),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;
export const OfferIdQuerySchema = z.object({ id: id('出價') });

/** `offer/settings` (the owner's) and `offer/availability` (anyone's): whether an owned item takes offers, and the share of the market price under which they are declined. */
export const OfferSettingsQuerySchema = z.object({ kind: itemKind, itemId: id('物品') });
export const OfferSettingsBodySchema = z.strictObject({
  kind: itemKind,
  itemId: id('物品'),
  allowOffers: z.boolean({ error: '請選擇是否接受出價' }),
  /** 1 – 100, or null for none. */
  autoDeclinePct: z
    .number({ error: '自動拒絕百分比必須是數字' })
    .int('自動拒絕百分比必須是整數')
    .min(1, '自動拒絕百分比最少為 1%')
    .max(100, '自動拒絕百分比最多為 100%')
    .nullable(),
});

// ---- answers --------------------------------------------------------------------------------------

export const OfferSettingsSchema = OfferSettingsBodySchema;

/** `offer/availability`'s answer: whether the item takes an offer from the caller now, and why not. */
export const OfferAvailabilitySchema = z.object({
  takesOffers: z.boolean(),
  /** Why not, in zh-HK (the owner switched offers off, the item is listed, in delivery…); null when it does. */
  reason: z.string().nullable(),
  /** The item's market price (cents), null when none. */
  marketPrice: z.number().int().nullable(),
});
export type OfferAvailability = z.infer<typeof OfferAvailabilitySchema>;
export type OfferSettings = z.infer<typeof OfferSettingsSchema>;

export const OfferRoundSchema = z.object({
  n: z.number().int(),
  by: z.enum(OFFER_SIDES),
  price: z.number().int(),
  createdAt: z.string(),
});

export const OfferSchema = z.object({
  id: z.string(),
  /** The caller's side. */
  role: z.enum(OFFER_SIDES),
  kind: z.enum(['card', 'goods']),
  itemId: z.string(),
  cardInfoId: z.string().nullable(),
  productId: z.string().nullable(),
  listingId: z.string().nullable(),
  itemName: z.string(),
  itemImage: z.string(),
  serial: z.number().int().nullable(),
  editionSize: z.number().int().nullable(),
  status: z.enum(OFFER_STATUSES),
  closeReason: z.enum(OFFER_CLOSE_REASONS).nullable(),
  /** The price on the table now, cents. */
  price: z.number().int(),
  turn: z.enum(OFFER_SIDES),
  myTurn: z.boolean(),
  rounds: z.number().int(),
  maxRounds: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferDetailSchema = OfferSchema.extend({
  /** Every price named, first offer first. */
  thread: z.array(OfferRoundSchema),
  /** The item's market price (cents), null when none. */
  marketPrice: z.number().int().nullable(),
});
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

/**
 * `offer/create`'s answer (below): the offer and a warning when it is under half the market price. When the balance was short
 * the offer waits for payment (`pending_payment`): `orderNo` names its pay order (paid at /mall/pay), `payUrl` the
 * provider's checkout; both null for an offer held from the balance.
 */
/**
 * `offer/accept`'s answer: the offer settled, or (a buyer whose balance is short of a higher counter's difference) the
 * offer still open with `orderNo`/`payUrl` of the `offer_topup` pay order that settles the accept once paid.
 */
export const AcceptOfferResultSchema = OfferDetailSchema.extend({
  orderNo: z.string().nullable(),
  payUrl: z.string().nullable(),
});
export type AcceptOfferResult = z.infer<typeof AcceptOfferResultSchema>;

export const CreateOfferResultSchema = AcceptOfferResultSchema.extend({ warning: z.string().nullable() });
export type CreateOfferResult = z.infer<typeof CreateOfferResultSchema>;

import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { AppliedPerkSchema } from './perks';

export const PAY_ORDER_TYPES = [
  'card',
  'product',
  'market',
  'bid',
  'set',
  'pack',
  'offer',
  'bids',
  'offer_topup',
] as const;
export type PayOrderType = (typeof PAY_ORDER_TYPES)[number];
/** An order about an offer (decision 040): its funding, or a counter's top-up that settles the accept. */
export const isOfferOrder = (o: { type: PayOrderType }) => o.type === 'offer' || o.type === 'offer_topup';
export const PAY_ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type PayOrderStatus = (typeof PAY_ORDER_STATUSES)[number];
/** Statuses after which nothing more happens to an order (the info screen stops polling). */
export const FINAL_PAY_ORDER_STATUSES: readonly PayOrderStatus[] = ['paid', 'expired', 'cancelled', 'refunded'];

export const PAY_ORDER_STATUS_LABELS: Record<PayOrderStatus, string> = {
  pending: '待付款',
  paid: '已付款',
  expired: '已逾期',
  cancelled: '已取消',
  refunded: '已退款',
};

/** Most units of one item in one order (the per-user limit is usually lower). */
export const MAX_ORDER_QUANTITY = 50;

/** The `Idempotency-Key` header: one per purchase attempt, the same key answers the same order. */
export const IdempotencyKeySchema = z
  .string({ error: '缺少 Idempotency-Key 標頭，請重新提交訂單' })
  .regex(/^[A-Za-z0-9_\-:.]{8,128}$/, 'Idempotency-Key 標頭格式不正確（8 至 128 個英數字元）');
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const quantity = z
  .number({ error: '請填寫數量' })
  .int('數量必須是整數')
  .min(1, '數量最少為 1')
  .max(MAX_ORDER_QUANTITY, `每張訂單最多 ${MAX_ORDER_QUANTITY} 件`);
const itemId = (label: string) =>
  z
    .string({ error: `請選擇${label}` })
    .min(1, `請選擇${label}`)
    .max(64, `${label}編號不正確`);

export const CLIENT_SEED_MAX = 64;
/** A pack buyer's own part of the draw (decision 043): any text of 1–64 characters; the server makes one when absent. */
export const ClientSeedSchema = z
  .string({ error: '「客戶種子」格式不正確' })
  .min(1, '「客戶種子」不能留空')
  .max(CLIENT_SEED_MAX, `「客戶種子」最多 ${CLIENT_SEED_MAX} 個字元`);

/**
 * `payOrder/create` bodies. `market` buys one sell listing (quantity 1), `set` the listings of a set quote; `bid` orders are never
 * created here: `market/create {sell_type: 1}` opens them with their buy listing.
 */
export const CreatePayOrderSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('card'), cardInfoId: itemId('卡牌'), quantity }),
    z.strictObject({ type: z.literal('product'), productId: itemId('商品'), quantity }),
    z.strictObject({ type: z.literal('market'), listingId: itemId('掛單') }),
    // Completes a theme (decision 042): buys every listing of a quote from `theme/completionQuote`.
    z.strictObject({ type: z.literal('set'), themeId: itemId('卡冊'), quoteId: itemId('報價') }),
    // Packs of a mystery-pack series (decision 043); the client seed is the buyer's part of the draw (made when absent).
    z.strictObject({
      type: z.literal('pack'),
      seriesId: itemId('卡包'),
      quantity,
      clientSeed: ClientSeedSchema.optional(),
    }),
  ],
  { error: '訂單類型不正確' },
);
export type CreatePayOrder = z.infer<typeof CreatePayOrderSchema>;
/**
 * Every order the server creates: the requests above, the `bid` order `market/create` opens for a buy listing, the
 * `offer` order `offer/create` opens when the buyer's balance is short of the price (decision 040) and the `bids`
 * order `market/createBids` opens for the buy listings of a theme's unlisted cards (decision 042) and the `offer_topup`
 * order `offer/accept` opens when a buyer's balance is short of a higher counter's difference (decision 040).
 */
export type PayOrderInput =
  | CreatePayOrder
  | { type: 'bid'; listingId: string; quantity: number }
  | { type: 'offer'; offerId: string }
  | { type: 'offer_topup'; offerId: string }
  | { type: 'bids'; themeId: string; bids: { cardInfoId: string; price: number }[] };

export const OrderNoSchema = z.string({ error: '請提供訂單編號' }).regex(/^TR[0-9A-Z]{8,24}$/, '訂單編號格式不正確');
export const OrderNoQuerySchema = z.object({ orderNo: OrderNoSchema });
export const OrderNoBodySchema = z.strictObject({ orderNo: OrderNoSchema });

export const PayOrderListQuerySchema = z.object({
  type: z.enum(PAY_ORDER_TYPES).optional(),
  status: z.enum(PAY_ORDER_STATUSES).optional(),
  /** Orders of one card info / product (the pay screen looks for a pending one). */
  itemId: z.string().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PayOrderListQuery = z.infer<typeof PayOrderListQuerySchema>;

export const MintedCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string(),
  serial: z.number().int(),
  editionSize: z.number().int(),
  /** `#0012/1000` */
  serialText: z.string(),
});
export type MintedCard = z.infer<typeof MintedCardSchema>;

export const CreatedGoodsSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  type: z.number().int(),
});
export type CreatedGoods = z.infer<typeof CreatedGoodsSchema>;

/** An operator's refund of a paid order as its buyer sees it (decision 050). */
export const PayOrderRefundSchema = z.object({
  amount: z.number().int(),
  reason: z.string(),
  /** To the buyer's balance; otherwise back through the payment method it came from. */
  toBalance: z.boolean(),
  /** The money is back (always for the balance; once the provider's refund is paid otherwise). */
  settled: z.boolean(),
  /** The order's cards or goods that went back to the platform with it. */
  itemIds: z.array(z.string()),
  at: z.iso.datetime(),
});
export type PayOrderRefund = z.infer<typeof PayOrderRefundSchema>;

/** A pay order as its buyer sees it. Amounts are HKD cents. */
export const PayOrderSchema = z.object({
  orderNo: z.string(),
  type: z.enum(PAY_ORDER_TYPES),
  status: z.enum(PAY_ORDER_STATUSES),
  /** The card info, product or listing the order is for. */
  itemId: z.string(),
  itemName: z.string(),
  itemImage: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  /** 原價: unit price × quantity, before any perk. */
  listAmount: z.number().int(),
  /** What a perk took off (0 for none); `amount` = `listAmount` − `discount`, what the buyer pays (應付). */
  discount: z.number().int(),
  /** The perk applied (持卡優惠), or null. */
  perk: AppliedPerkSchema.nullable(),
  amount: z.number().int(),
  currency: z.literal('HKD'),
  provider: z.string(),
  /** The payment method as the screen names it (模擬付款, 信用卡). */
  paymentMethod: z.string(),
  payUrl: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  note: z.string().nullable(),
  cards: z.array(MintedCardSchema),
  goods: z.array(CreatedGoodsSchema),
  /** What an operator refunded of it, oldest first (decision 050); absent when nothing was. */
  refunds: z.array(PayOrderRefundSchema).optional(),
});
export type PayOrder = z.infer<typeof PayOrderSchema>;

export const PaymentMethodSchema = z.object({ provider: z.string(), label: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

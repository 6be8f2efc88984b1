import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { REFUND_STATUSES } from './admin-ledger';
import { PAY_ORDER_STATUSES, PAY_ORDER_TYPES } from './pay-orders';

/**
 * The back office's refunds of paid mall orders (decision 050): the order as the refund dialog shows it, the refund
 * request and the list of refunds made. Shared with the admin web app, whose dialog validates with the same schema.
 */

/** The pay order types an operator may refund: the platform's own sales (the mall's cards and products, packs). */
export const REFUNDABLE_ORDER_TYPES = ['card', 'product', 'pack'] as const;

const orderNo = z.string({ error: '請填寫訂單編號' }).trim().min(1, '請填寫訂單編號').max(40, '找不到此訂單');

export const AdminOrderRefundQuerySchema = z.object({ orderNo });

/** HK$1,000,000 × the most units an order holds: past any order's amount, so only the order's own limit refuses. */
const MAX_CENTS = 1_000_000_000;

export const AdminRefundOrderBodySchema = z.strictObject({
  orderNo,
  /** What goes back to the buyer (cents): at most what they paid, less what was refunded before. */
  amount: z
    .number({ error: '請填寫退款金額' })
    .int('退款金額須以仙計算')
    .min(1, '退款金額最少 HK$0.01')
    .max(MAX_CENTS, '退款金額超出此訂單的付款金額'),
  /** The card or goods units that go back to the platform (none: only money is refunded). */
  itemIds: z
    .array(
      z.string({ error: '「退回物品」格式不正確' }).trim().min(1, '「退回物品」格式不正確').max(64, '找不到此物品'),
      {
        error: '「退回物品」格式不正確',
      },
    )
    .max(200, '每次最多退回 200 件物品')
    .refine((ids) => new Set(ids).size === ids.length, '「退回物品」有重複')
    .default([]),
  reason: z.string({ error: '請填寫退款原因' }).trim().min(2, '退款原因最少 2 個字').max(200, '退款原因最多 200 個字'),
  /** 退回錢包: to the buyer's balance even when they paid through the provider (a wallet payment always goes back there). */
  toBalance: z.boolean({ error: '「退回錢包」只可以是 true 或 false' }).default(false),
  /** One per refund the operator means: a repeat of the same key answers the first refund instead of paying again. */
  idempotencyKey: z
    .string({ error: '缺少請求編號，請重新開啟退款視窗' })
    .trim()
    .min(8, '請求編號格式不正確')
    .max(64, '請求編號格式不正確'),
});
export type AdminRefundOrderBody = z.input<typeof AdminRefundOrderBodySchema>;

/** One refund of a paid order, as the back office lists it. */
export const AdminOrderRefundSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  buyerId: z.string(),
  itemName: z.string(),
  amount: z.number().int(),
  /** The part of the order's perk discount it reversed (platform promotions), besides `amount`. */
  perkPart: z.number().int(),
  toBalance: z.boolean(),
  reason: z.string(),
  itemIds: z.array(z.string()),
  /** The refund record paying it through the provider, and its state; null when it went to the balance. */
  refundId: z.string().nullable(),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminOrderRefund = z.infer<typeof AdminOrderRefundSchema>;

export const AdminOrderRefundListQuerySchema = PageQuerySchema.extend({
  orderNo: z
    .string()
    .trim()
    .max(40, '訂單編號最多 40 個字')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});
export type AdminOrderRefundListQuery = z.input<typeof AdminOrderRefundListQuerySchema>;

/** A unit of the order: whether it can go back to the platform now, and its share of what was paid. */
export const AdminRefundUnitSchema = z.object({
  itemId: z.string(),
  kind: z.enum(['card', 'goods']),
  name: z.string(),
  serial: z.number().int().nullable(),
  editionSize: z.number().int().nullable(),
  /** Its share of what the buyer paid (cents): the refund's amount by default. */
  share: z.number().int(),
  /** Already returned by an earlier refund. */
  returned: z.boolean(),
  /** It can go back now (held by the buyer since the sale, or goods whose delivery has not shipped). */
  returnable: z.boolean(),
  /** Where it is now, in words (存放中、已轉讓、已發貨…). */
  state: z.string(),
});
export type AdminRefundUnit = z.infer<typeof AdminRefundUnitSchema>;

/** `GET /api/admin/payOrders/refund`: a paid order as the refund dialog shows it. */
export const AdminOrderRefundPreviewSchema = z.object({
  orderNo: z.string(),
  type: z.enum(PAY_ORDER_TYPES),
  status: z.enum(PAY_ORDER_STATUSES),
  buyerId: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  /** Before the perk, all units; the buyer paid `amount` = `listAmount` − `discount`. */
  listAmount: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  /** `balance`, or the provider the money came through. */
  provider: z.string(),
  paidAt: z.iso.datetime().nullable(),
  /** Refunded so far, and what may still be refunded (cents). */
  refunded: z.number().int(),
  remaining: z.number().int(),
  /** Why the order cannot be refunded (not paid, not the mall's, fully refunded); null when it can. */
  refusal: z.string().nullable(),
  units: z.array(AdminRefundUnitSchema),
  refunds: z.array(AdminOrderRefundSchema),
});
export type AdminOrderRefundPreview = z.infer<typeof AdminOrderRefundPreviewSchema>;

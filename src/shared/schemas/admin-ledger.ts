import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { isoTime } from './admin-common';

/** The back office's books (帳目, decision 025): trial balance, journal, reconciliation, refund records. */

export const LEDGER_ACCOUNT_TYPES = [
  'balance',
  'escrow',
  'fees',
  'sales',
  'provider_clearing',
  'orders_clearing',
  'refunds_payable',
  'payout_clearing',
  'payout_paid',
  'promotions',
] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];
export const LEDGER_ACCOUNT_TYPE_LABELS: Record<LedgerAccountType, string> = {
  balance: '用戶錢包餘額',
  escrow: '求購預付款',
  fees: '平台手續費收入',
  sales: '平台商城銷售',
  provider_clearing: '支付服務收款（外來資金）',
  orders_clearing: '訂單收款待結算',
  refunds_payable: '應退款項',
  payout_clearing: '提現待付款',
  payout_paid: '提現已付款',
  promotions: '持卡優惠支出',
};

export const TrialBalanceSchema = z.object({
  accounts: z.array(
    z.object({
      type: z.enum(LEDGER_ACCOUNT_TYPES),
      label: z.string(),
      /** How many accounts of this type. */
      accounts: z.number().int(),
      /** Sum of their balances, signed HKD cents. */
      balance: z.number().int(),
    }),
  ),
  /** Sum of every account: 0 when the books balance. */
  total: z.number().int(),
});
export type TrialBalance = z.infer<typeof TrialBalanceSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `「${label}」格式不正確` })
    .trim()
    .max(max, `「${label}」最多 ${max} 個字`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

export const JournalQuerySchema = PageQuerySchema.extend({
  kind: optionalText('類別', 40),
  account: optionalText('帳戶', 100),
  ref: optionalText('參考編號', 100),
  from: isoTime('開始時間').optional(),
  to: isoTime('結束時間').optional(),
});
export type JournalQuery = z.input<typeof JournalQuerySchema>;

export const JournalPostingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  refId: z.string(),
  createdAt: z.iso.datetime(),
  entries: z.array(
    z.object({ accountId: z.string(), kind: z.string(), amount: z.number().int(), description: z.string() }),
  ),
});
export type JournalPosting = z.infer<typeof JournalPostingSchema>;

export const RECONCILE_EXCEPTION_TYPES = [
  'missing_posting',
  'unexpected_posting',
  'posting_without_order',
  'clearing_not_netted',
  'refund_without_posting',
  'posting_without_refund',
  'refunds_payable_mismatch',
  'unbalanced_posting',
  'cached_balance_mismatch',
  'trial_balance_not_zero',
] as const;
export const ReconcileExceptionSchema = z.object({
  type: z.enum(RECONCILE_EXCEPTION_TYPES),
  /** The order number, posting key, refund or account it concerns. */
  ref: z.string(),
  /** What is wrong (zh-HK). */
  detail: z.string(),
  /** What an operator should do about it (zh-HK). */
  action: z.string(),
});
export type ReconcileException = z.infer<typeof ReconcileExceptionSchema>;
export const ReconcileSchema = z.object({ exceptions: z.array(ReconcileExceptionSchema) });
export type Reconcile = z.infer<typeof ReconcileSchema>;

export const REFUND_STATUSES = ['pending', 'paid', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: '待退款',
  paid: '已退款',
  failed: '退款失敗',
};
/** Why money is owed back: a late or a second payment (decision 025), or an operator's refund of an order (050). */
export const REFUND_REASONS = ['late', 'duplicate', 'order'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  late: '訂單逾期或取消後才付款',
  duplicate: '重複扣款',
  order: '營運退款',
};

export const AdminRefundSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  providerRef: z.string(),
  paymentRef: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.enum(REFUND_REASONS),
  /** The operator's own words for an order refund (`reason` `order`); null otherwise. */
  note: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  providerRefundRef: z.string().nullable(),
  failure: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const RefundListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REFUND_STATUSES, { error: '狀態只可為 pending、paid 或 failed' }).optional(),
});
export type RefundListQuery = z.input<typeof RefundListQuerySchema>;

export const AdminPayRefundBodySchema = z.strictObject({
  id: z.string({ error: '請指定退款紀錄' }).trim().min(1, '請指定退款紀錄').max(64, '找不到此退款紀錄'),
});

import { z } from 'zod';
import { WITHDRAWAL_MIN_CENTS } from '../constants';
import { PageQuerySchema } from '../envelope';
import { formatHkd } from '../money';
import { PAYOUT_METHODS, PayoutAccountSchema } from './identity';

/** `payment/info`: the wallet (HKD cents, from the ledger) and the payout account. */
export const WalletSchema = z.object({
  /** What the user can spend or withdraw. */
  balance: z.number().int(),
  /** Funds held for the user's active buy listings. */
  escrow: z.number().int(),
  /** Withdrawals requested and not yet paid or rejected. */
  pendingWithdrawal: z.number().int(),
  currency: z.literal('HKD'),
  payoutAccount: PayoutAccountSchema.nullable(),
  verified: z.boolean(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const LEDGER_ENTRY_KINDS = [
  'sale', // price of an item sold (credited to the seller's balance)
  'fee', // market fee on a sale (debited from the seller's balance)
  'purchase', // a pay order paid from the balance
  'bid_escrow', // a buy listing funded from the balance (balance → escrow)
  'bid_refund', // a buy listing cancelled or expired (escrow → balance)
  'withdrawal', // a withdrawal requested (balance → payout clearing)
  'withdrawal_returned', // a withdrawal rejected (payout clearing → balance)
  'payment_returned', // a provider payment for an order already paid another way (provider clearing → balance)
  'offer_escrow', // an offer's money held, topped up or paid out (balance ↔ escrow; escrow → the seller on accept)
  'offer_refund', // an offer declined, cancelled, expired or lowered (escrow → balance)
  'order_refund', // an operator refunded a paid mall order to the balance (platform sales → balance, decision 050)
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  sale: '出售所得',
  fee: '市場手續費',
  purchase: '餘額付款',
  bid_escrow: '求購預付',
  bid_refund: '求購退款',
  withdrawal: '提現',
  withdrawal_returned: '提現退回',
  payment_returned: '重複付款退回',
  offer_escrow: '出價預付',
  offer_refund: '出價退款',
  order_refund: '訂單退款',
};

/** One movement of the user's balance, newest first in `payment/history`. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed HKD cents: + credit, − debit. */
  amount: z.number().int(),
  /** Order number, listing or withdrawal id behind the entry. */
  refId: z.string().nullable(),
  /** zh-HK line for the screen, e.g. 出售所得：火龍 #0012/1000. */
  description: z.string(),
  createdAt: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const HistoryQuerySchema = PageQuerySchema;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: '處理中',
  paid: '已付款',
  rejected: '已拒絕',
};

/** `payment/withdraw`, after `sms/authSend {purpose: 'withdraw'}`. */
export const WithdrawBodySchema = z.strictObject({
  amount: z
    .number({ error: '請輸入提現金額' })
    .int('提現金額以「仙」為單位，必須是整數')
    .min(WITHDRAWAL_MIN_CENTS, `最低提現金額為 ${formatHkd(WITHDRAWAL_MIN_CENTS)}`)
    .max(100_000_000_00, '提現金額過大'),
  code: z.string({ error: '請輸入驗證碼' }).regex(/^\d{6}$/, '驗證碼為 6 位數字'),
});
export type WithdrawBody = z.input<typeof WithdrawBodySchema>;

export const WithdrawalSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  method: z.enum(PAYOUT_METHODS),
  accountName: z.string(),
  accountNoMasked: z.string(),
  /** The operator's payment reference once paid. */
  reference: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalListQuerySchema = PageQuerySchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES, { error: '狀態只可為 pending、paid 或 rejected' }).optional(),
});
export type WithdrawalListQuery = z.input<typeof WithdrawalListQuerySchema>;

/** What an operator sees of a withdrawal (`/api/admin/withdrawals`). */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  /** The full account number: the operator pays it. */
  accountNo: z.string(),
  userId: z.string(),
  nickname: z.string(),
  phoneMasked: z.string(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

const withdrawalId = z.string({ error: '請指定提現申請' }).min(1, '請指定提現申請').max(64, '找不到此提現申請');
export const AdminPayWithdrawalBodySchema = z.strictObject({
  id: withdrawalId,
  reference: z.string({ error: '請輸入付款參考編號' }).trim().min(1, '請輸入付款參考編號').max(100, '付款參考編號過長'),
});
export const AdminRejectWithdrawalBodySchema = z.strictObject({
  id: withdrawalId,
  reason: z
    .string({ error: '請輸入拒絕原因' })
    .trim()
    .min(2, '請輸入拒絕原因（2 至 200 字）')
    .max(200, '請輸入拒絕原因（2 至 200 字）'),
});

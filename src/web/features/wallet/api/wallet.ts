import type { PaymentUpdateBody, PayoutAccount } from '../../../../shared/schemas/identity';
import type { LedgerEntry, Wallet, WithdrawBody, Withdrawal } from '../../../../shared/schemas/wallet';
import { get, post } from '../../../lib/request';

/** GET payment/info: balance, escrow, pending withdrawals and the payout account. */
export const getWallet = () => get<Wallet>('payment/info', undefined, { loading: false });

/** GET payment/history: ledger entries of the balance, newest first. */
export const getHistory = (q: { page: number; pageSize: number }) =>
  get<LedgerEntry[]>('payment/history', q, { loading: false });

/** GET payment/withdrawals: the user's withdrawal requests. */
export const getWithdrawals = (q: { page: number; pageSize: number }) =>
  get<Withdrawal[]>('payment/withdrawals', q, { loading: false });

/** POST payment/update: saves the payout account (code from sms/authSend purpose `payment`). */
export const updatePayoutAccount = (body: PaymentUpdateBody) => post<PayoutAccount>('payment/update', body);

/** POST payment/withdraw: moves `amount` to payout (code from sms/authSend purpose `withdraw`). */
export const withdraw = (body: WithdrawBody) => post<Withdrawal>('payment/withdraw', body);

import type { WithdrawBody, Withdrawal } from '../../../../shared/schemas/wallet';
import { post } from '../../../lib/request';

/** POST payment/withdraw: moves `amount` to payout (code from sms/authSend purpose `withdraw`). */
export const withdraw = (body: WithdrawBody) => post<Withdrawal>('payment/withdraw', body);

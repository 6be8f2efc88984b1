import type { Withdrawal } from '../../../../shared/schemas/wallet';
import { get } from '../../../lib/request';

/** GET payment/withdrawals: the user's withdrawal requests. */
export const getWithdrawals = (q: { page: number; pageSize: number }) =>
  get<Withdrawal[]>('payment/withdrawals', q, { loading: false });

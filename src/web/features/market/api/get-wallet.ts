import type { Wallet } from '../../../../shared/schemas/wallet';
import { get } from '../../../lib/request';

/** GET payment/info: whether the user may trade (verified, payout account) and the balance. */
export const getWallet = () => get<Wallet>('payment/info', undefined, { loading: false });

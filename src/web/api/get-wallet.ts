import type { Wallet } from '../../shared/schemas/wallet';
import { get } from '../lib/request';

/** GET payment/info: balance, escrow, pending withdrawals, the payout account and whether the user may trade. */
export const getWallet = () => get<Wallet>('payment/info', undefined, { loading: false });

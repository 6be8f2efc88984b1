import type { Wallet } from '../../../../shared/schemas/wallet';
import { get } from '../../../lib/request';

/** GET payment/info: the balance shown on /my. */
export const getWallet = () => get<Wallet>('payment/info', undefined, { loading: false });

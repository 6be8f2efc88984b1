import type { Wallet } from '../../shared/schemas/wallet';
import { get } from '../lib/request';
import { useLoad } from '../lib/use-load';

/** GET payment/info: balance, escrow, pending withdrawals, the payout account and whether the user may trade. */
export const getWallet = () => get<Wallet>('payment/info', undefined, { loading: false });

/**
 * The wallet of a screen that must say before any sheet whether the user may sell (賣給他, 接受 an offer): asked only
 * when `wanted` (signed in, with something to sell into); null otherwise.
 */
export const useSellerWallet = (wanted: boolean) => useLoad(async () => (wanted ? getWallet() : null), [wanted]);

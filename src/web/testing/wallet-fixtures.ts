import type { Wallet } from '../../shared/schemas/wallet';

/** `payment/info` of a verified trader with a payout account and nothing in the wallet. */
export const testWallet = (over: Partial<Wallet> = {}): Wallet => ({
  balance: 0,
  escrow: 0,
  pendingWithdrawal: 0,
  currency: 'HKD',
  payoutAccount: {
    method: 'fps',
    accountName: '陳大文',
    accountNoMasked: '****6789',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
  verified: true,
  ...over,
});

import type { LedgerEntryKind } from '../../../shared/schemas/wallet';
import type { AccountType } from './wallet.repository';

/** The ledger's accounts (PRODUCT.md §3, decisions 011 and 025). */
export const accounts = {
  balance: (userId: string) => ({ id: `user:${userId}:balance`, type: 'balance' as const, userId }),
  escrow: (userId: string) => ({ id: `user:${userId}:escrow`, type: 'escrow' as const, userId }),
  /** Market fees earned. */
  fees: { id: 'platform:fees', type: 'fees' as const, userId: null },
  /** Mall sales (cards and products sold by the platform). */
  sales: { id: 'platform:sales', type: 'sales' as const, userId: null },
  /** What perks cost the platform (decision 029): an expense, so it goes negative by each discount given. */
  promotions: { id: 'platform:promotions', type: 'promotions' as const, userId: null },
  /** Money that came in through a payment provider (negative: what outsiders paid in). Only outside money. */
  providerClearing: { id: 'provider:clearing', type: 'provider_clearing' as const, userId: null },
  /** Money received for pay orders, not yet settled to where it belongs (nets to zero per settled order). */
  ordersClearing: { id: 'orders:clearing', type: 'orders_clearing' as const, userId: null },
  /** Provider payments owed back (late or second payments), one open refund record each. */
  refundsPayable: { id: 'refunds:payable', type: 'refunds_payable' as const, userId: null },
  /** Withdrawals requested, not yet paid. */
  payoutClearing: { id: 'payout:clearing', type: 'payout_clearing' as const, userId: null },
  /** Withdrawals paid out. */
  payoutPaid: { id: 'payout:paid', type: 'payout_paid' as const, userId: null },
};
export type LedgerAccount = { id: string; type: AccountType; userId: string | null };

export interface PostingLine {
  account: LedgerAccount;
  amount: number;
  /** What the user sees in their history (for user accounts). */
  kind: LedgerEntryKind | 'internal';
  description?: string;
}

export const INSUFFICIENT_BALANCE = 'insufficient_balance';

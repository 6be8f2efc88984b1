import type { LedgerEntry, LedgerEntryKind, Wallet } from '../../../shared/schemas/wallet';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../auth/auth.service';
import { accounts } from './accounts';
import { createLedger } from './ledger';
import { createOrderBooks } from './order-books';
import { createOrderRefundBooks } from './order-refund-books';
import { createOrderRefundsRepository, type OrderRefundsRepository } from './order-refunds.repository';
import { createRefunds } from './refunds.service';
import { createRefundsRepository, type RefundsRepository } from './refunds.repository';
import { createWalletRepository, type WalletRepository } from './wallet.repository';
import { createWithdrawals, type WithdrawalsServices } from './withdrawals';

export { accounts, INSUFFICIENT_BALANCE, type LedgerAccount, type PostingLine } from './accounts';

/**
 * The wallet: a double-entry, append-only ledger (ledger.ts: every posting nets to zero; a balance is the sum of its
 * entries, cached on the account in the same transaction), the pay-order postings (order-books.ts), withdrawals
 * (withdrawals.ts), refund records (refunds.service.ts) and operators' refunds of paid orders (order-refund-books.ts).
 */
export function createWalletService(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'payments'>,
  svc: WithdrawalsServices,
  repo: WalletRepository = createWalletRepository(),
  refundsRepo: RefundsRepository = createRefundsRepository(),
  orderRefundsRepo: OrderRefundsRepository = createOrderRefundsRepository(),
) {
  const { post } = createLedger(deps, repo);

  async function balancesOf(db: Executor, userId: string) {
    const rows = await repo.balances(db, [accounts.balance(userId).id, accounts.escrow(userId).id]);
    const get = (id: string) => Number(rows.find((r) => r.id === id)?.balance ?? 0);
    return { balance: get(accounts.balance(userId).id), escrow: get(accounts.escrow(userId).id) };
  }

  const withdrawals = createWithdrawals(deps, svc, repo, post, balancesOf);
  const refunds = createRefunds(deps, svc, refundsRepo, post);

  return {
    post,
    balancesOf,
    /** How pay orders book their money (passed to pay orders at construction). */
    orderBooks: createOrderBooks(deps, post, refundsRepo, svc.notifications),
    /** The books of operators' refunds of paid orders (decision 050). */
    orderRefunds: createOrderRefundBooks(deps, post, { orderRefunds: orderRefundsRepo, refunds: refundsRepo }),

    /** `payment/info`. */
    async wallet(actor: Actor): Promise<Wallet> {
      const { balance, escrow } = await balancesOf(deps.db, actor.userId);
      return {
        balance,
        escrow,
        pendingWithdrawal: await repo.pendingWithdrawalTotal(deps.db, actor.userId),
        currency: 'HKD',
        payoutAccount: await svc.identity.payoutAccount(deps.db, actor.userId),
        verified: await svc.identity.isVerified(deps.db, actor.userId),
      };
    },

    /** `payment/history`: movements of the user's balance, newest first. */
    async history(actor: Actor, q: { page: number; pageSize: number }): Promise<LedgerEntry[]> {
      const rows = await repo.entries(
        deps.db,
        accounts.balance(actor.userId).id,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind as LedgerEntryKind,
        amount: r.amount,
        refId: r.refId,
        description: r.description,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    ...withdrawals,

    /** Operators: refund records and paying one back through the provider. */
    adminRefunds: refunds.list,
    payRefund: refunds.pay,

    /** Balances of these users' wallets (the back office's user list), 0 for a user with no account yet. */
    async balancesOfUsers(userIds: string[]): Promise<Map<string, number>> {
      const rows = await repo.balances(
        deps.db,
        userIds.map((id) => accounts.balance(id).id),
      );
      const byAccount = new Map(rows.map((r) => [r.id, Number(r.balance)]));
      return new Map(userIds.map((id) => [id, byAccount.get(accounts.balance(id).id) ?? 0]));
    },

    /** The books as a whole (tests, the property test, operators' checks). */
    audit: () => repo.audit(deps.db),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

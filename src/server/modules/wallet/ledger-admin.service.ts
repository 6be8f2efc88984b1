import {
  LEDGER_ACCOUNT_TYPE_LABELS,
  LEDGER_ACCOUNT_TYPES,
  type JournalPosting,
  type JournalQuery,
  type TrialBalance,
} from '../../../shared/schemas/admin-ledger';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Operator } from '../auth/auth.service';
import { createLedgerViewsRepository, type LedgerViewsRepository } from './ledger-views.repository';
import { reconcileBooks, type SettledOrderFacts } from './reconcile';
import { createRefundsRepository, type RefundsRepository } from './refunds.repository';
import { createOrderRefundsRepository, type OrderRefundsRepository } from './order-refunds.repository';
import { createWalletRepository, type WalletRepository } from './wallet.repository';
import { paging } from '../../db/queries';

/**
 * The books as operators see them (帳目): trial balance by account type, the journal, and reconciliation of pay
 * orders against their postings. Built after pay orders, whose final orders it reads through `orders`.
 */
export function createLedgerAdminService(
  deps: Pick<Deps, 'db'>,
  svc: { orders: { finalOrders(db: Executor): Promise<SettledOrderFacts[]> } },
  repos: {
    views: LedgerViewsRepository;
    refunds: RefundsRepository;
    orderRefunds: OrderRefundsRepository;
    wallet: WalletRepository;
  } = {
    views: createLedgerViewsRepository(),
    refunds: createRefundsRepository(),
    orderRefunds: createOrderRefundsRepository(),
    wallet: createWalletRepository(),
  },
) {
  async function trialBalance(): Promise<TrialBalance> {
    const rows = await repos.views.trialBalance(deps.db);
    const byType = new Map(rows.map((r) => [r.type, r]));
    const accounts = LEDGER_ACCOUNT_TYPES.map((type) => ({
      type,
      label: LEDGER_ACCOUNT_TYPE_LABELS[type],
      accounts: byType.get(type)?.accounts ?? 0,
      balance: byType.get(type)?.balance ?? 0,
    }));
    return { accounts, total: accounts.reduce((s, a) => s + a.balance, 0) };
  }

  return {
    trialBalance: (_operator: Operator) => trialBalance(),

    /** Postings, newest first, with their entries; filters by kind, account, reference and time. */
    async journal(
      _operator: Operator,
      q: JournalQuery & { page: number; pageSize: number },
    ): Promise<{ rows: JournalPosting[]; total: number }> {
      const { rows, total } = await repos.views.postings(deps.db, {
        kind: q.kind,
        accountId: q.account,
        refId: q.ref,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        ...paging(q),
      });
      const entries = await repos.views.entriesOf(
        deps.db,
        rows.map((r) => r.id),
      );
      return {
        total,
        rows: rows.map((p) => ({
          id: p.id,
          kind: p.kind,
          refId: p.refId,
          createdAt: p.createdAt.toISOString(),
          entries: entries
            .filter((e) => e.postingId === p.id)
            .map((e) => ({ accountId: e.accountId, kind: e.kind, amount: e.amount, description: e.description })),
        })),
      };
    },

    /**
     * Every exception of the books (decision 025); empty when they are right. Read from one snapshot: a sale
     * committing between two of its reads would otherwise show as a posting without its order while the market runs.
     */
    async reconcile(_operator?: Operator) {
      return deps.db.transaction(
        async (tx) => {
          const audit = await repos.wallet.audit(tx);
          const exceptions = await reconcileBooks({
            orders: await svc.orders.finalOrders(tx),
            postings: (kinds, accountId) => repos.views.postingsOfKinds(tx, kinds, accountId),
            refunds: await repos.refunds.all(tx),
            orderRefunds: await repos.orderRefunds.facts(tx),
            audit,
            // The trial balance's total is the sum of every account's cached balance, which the audit already read.
            total: audit.accounts.reduce((sum, a) => sum + a.cached, 0),
          });
          return { exceptions };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
export type LedgerAdminService = ReturnType<typeof createLedgerAdminService>;

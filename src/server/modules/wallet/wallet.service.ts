import { WITHDRAWAL_MIN_CENTS } from '../../../shared/constants';
import { formatHkd } from '../../../shared/money';
import type {
  AdminWithdrawal,
  LedgerEntry,
  LedgerEntryKind,
  Wallet,
  Withdrawal,
  WithdrawalListQuery,
} from '../../../shared/schemas/wallet';
import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import type { Actor, AuthService, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService, PayoutSnapshot } from '../identity/identity.service';
import { createWalletRepository, type AccountType, type WithdrawalRow } from './wallet.repository';

/** The ledger's accounts (PRODUCT.md §3). */
export const accounts = {
  balance: (userId: string) => ({ id: `user:${userId}:balance`, type: 'balance' as const, userId }),
  escrow: (userId: string) => ({ id: `user:${userId}:escrow`, type: 'escrow' as const, userId }),
  fees: { id: 'platform:fees', type: 'fees' as const, userId: null },
  /** Money that came in through a payment provider (negative: what outsiders paid in). */
  providerClearing: { id: 'provider:clearing', type: 'provider_clearing' as const, userId: null },
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

const DESCRIPTION_MAX = 200;

/**
 * The wallet: a double-entry, append-only ledger (every posting nets to zero; a balance is the sum
 * of its entries, cached on the account in the same transaction), withdrawals and paying pay orders
 * from the balance.
 */
export function createWalletService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: {
    identity: IdentityService;
    auth: Pick<AuthService, 'verifyOwnSmsCode' | 'profiles'>;
    audit: Pick<AuditService, 'record'>;
  },
) {
  const repo = createWalletRepository();

  /**
   * Books one posting inside `tx`, once per (kind, refId): false when it was already booked. A line
   * that would take a user's balance or escrow below zero is a 409 and the caller's transaction rolls back.
   */
  async function post(tx: Tx, kind: string, refId: string, lines: PostingLine[]): Promise<boolean> {
    const nonZero = lines.filter((l) => l.amount !== 0);
    if (nonZero.reduce((s, l) => s + l.amount, 0) !== 0 || nonZero.some((l) => !Number.isSafeInteger(l.amount))) {
      throw new AppError('internal', `posting ${kind}/${refId} does not net to zero`);
    }
    const now = deps.clock.now();
    const postingId = newId('lpst');
    if (!(await repo.insertPosting(tx, { id: postingId, kind, refId, createdAt: now }))) return false;
    const unique = [...new Map(nonZero.map((l) => [l.account.id, l.account])).values()];
    await repo.ensureAccounts(
      tx,
      unique.map((a) => ({ id: a.id, type: a.type, userId: a.userId, createdAt: now })),
    );
    // A fixed order, so concurrent postings lock account rows alike.
    const byAccount = new Map<string, number>();
    for (const l of nonZero) byAccount.set(l.account.id, (byAccount.get(l.account.id) ?? 0) + l.amount);
    for (const id of [...byAccount.keys()].sort()) {
      if (!(await repo.applyToBalance(tx, id, byAccount.get(id)!))) {
        throw conflict(id.endsWith(':escrow') ? '求購預付款不足' : '錢包餘額不足', INSUFFICIENT_BALANCE);
      }
    }
    if (nonZero.length > 0) {
      await repo.insertEntries(
        tx,
        nonZero.map((l, i) => ({
          id: `${postingId}_${i}`,
          postingId,
          accountId: l.account.id,
          kind: l.kind,
          amount: l.amount,
          refId,
          description: (l.description ?? '').slice(0, DESCRIPTION_MAX),
          createdAt: now,
        })),
      );
    }
    return true;
  }

  const withdrawalView = (w: WithdrawalRow): Withdrawal => ({
    id: w.id,
    amount: w.amount,
    status: w.status,
    method: w.method,
    accountName: w.accountName,
    accountNoMasked: w.accountNoMasked,
    reference: w.reference,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    decidedAt: w.decidedAt?.toISOString() ?? null,
  });

  async function adminView(rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
    const users = await svc.auth.profiles(rows.map((r) => r.userId));
    return rows.map((w) => ({
      ...withdrawalView(w),
      userId: w.userId,
      nickname: users.get(w.userId)?.nickname ?? '',
      phoneMasked: users.get(w.userId)?.phoneMasked ?? '',
      accountNo: svc.identity.revealAccountNo(w),
    }));
  }

  async function balancesOf(db: Executor, userId: string) {
    const rows = await repo.balances(db, [accounts.balance(userId).id, accounts.escrow(userId).id]);
    const get = (id: string) => rows.find((r) => r.id === id)?.balance ?? 0;
    return { balance: get(accounts.balance(userId).id), escrow: get(accounts.escrow(userId).id) };
  }

  return {
    post,
    balancesOf,

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

    /** Pays a pay order from the buyer's balance (the `balance` method), inside the settling transaction. */
    async payOrderFromBalance(
      tx: Tx,
      order: { orderNo: string; buyerId: string; amountCents: number; itemName: string },
    ): Promise<void> {
      await post(tx, 'balance_payment', order.orderNo, [
        {
          account: accounts.balance(order.buyerId),
          amount: -order.amountCents,
          kind: 'purchase',
          description: `餘額付款：${order.itemName}`,
        },
        { account: accounts.providerClearing, amount: order.amountCents, kind: 'internal' },
      ]);
    },

    /**
     * A provider payment for an order that was already paid another way goes back to the buyer's
     * balance, once per provider payment (keyed on its id): false when it was already credited.
     */
    async returnDuplicatePayment(
      tx: Tx,
      order: { orderNo: string; buyerId: string; itemName: string },
      payment: { key: string; amountCents: number },
    ): Promise<boolean> {
      return post(tx, 'payment_returned', payment.key, [
        { account: accounts.providerClearing, amount: -payment.amountCents, kind: 'internal' },
        {
          account: accounts.balance(order.buyerId),
          amount: payment.amountCents,
          kind: 'payment_returned',
          description: `重複付款退回至錢包：${order.itemName}（訂單 ${order.orderNo}）`,
        },
      ]);
    },

    /** `payment/withdraw`: verified, with a payout account, after the SMS re-check; the funds move to payout clearing. */
    async withdraw(actor: Actor, input: { amount: number; code: string }): Promise<Withdrawal> {
      if (input.amount < WITHDRAWAL_MIN_CENTS) throw conflict(`最低提現金額為 ${formatHkd(WITHDRAWAL_MIN_CENTS)}`);
      if (!(await svc.identity.isVerified(deps.db, actor.userId))) throw conflict('請先完成實名認證', 'not_verified');
      const account = await svc.identity.payoutSnapshot(deps.db, actor.userId);
      if (!account) throw conflict('請先設定收款帳戶', 'no_payout_account');
      const { balance } = await balancesOf(deps.db, actor.userId);
      if (balance < input.amount)
        throw conflict(`錢包餘額不足，可提現金額為 ${formatHkd(balance)}`, INSUFFICIENT_BALANCE);
      await svc.auth.verifyOwnSmsCode(actor, 'withdraw', input.code);
      return requestWithdrawal(actor, input.amount, account);
    },

    /** The withdrawal itself, once the SMS re-check passed (also the property test's entry point). */
    async withdrawChecked(actor: Actor, amount: number): Promise<Withdrawal> {
      if (amount < WITHDRAWAL_MIN_CENTS) throw conflict(`最低提現金額為 ${formatHkd(WITHDRAWAL_MIN_CENTS)}`);
      const account = await svc.identity.payoutSnapshot(deps.db, actor.userId);
      if (!account) throw conflict('請先設定收款帳戶', 'no_payout_account');
      return requestWithdrawal(actor, amount, account);
    },

    async withdrawals(
      actor: Actor,
      q: WithdrawalListQuery & { page: number; pageSize: number },
    ): Promise<Withdrawal[]> {
      const rows = await repo.withdrawals(deps.db, {
        userId: actor.userId,
        status: q.status,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return rows.map(withdrawalView);
    },

    /** Operators: withdrawals, newest first, filterable by status. */
    async adminWithdrawals(
      _operator: Operator,
      q: WithdrawalListQuery & { page: number; pageSize: number },
    ): Promise<{ rows: AdminWithdrawal[]; total: number }> {
      const [rows, total] = await Promise.all([
        repo.withdrawals(deps.db, { status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
        repo.countWithdrawals(deps.db, { status: q.status }),
      ]);
      return { rows: await adminView(rows), total };
    },

    /** Withdrawals waiting for an operator: the dashboard's queue. */
    pendingWithdrawalCount: () => repo.countWithdrawals(deps.db, { status: 'pending' }),

    /** Balances of these users' wallets (the back office's user list), 0 for a user with no account yet. */
    async balancesOfUsers(userIds: string[]): Promise<Map<string, number>> {
      const rows = await repo.balances(
        deps.db,
        userIds.map((id) => accounts.balance(id).id),
      );
      const byAccount = new Map(rows.map((r) => [r.id, Number(r.balance)]));
      return new Map(userIds.map((id) => [id, byAccount.get(accounts.balance(id).id) ?? 0]));
    },

    /** Operators: pending → paid with the payment reference; payout clearing → paid out. */
    async payWithdrawal(admin: Operator, input: { id: string; reference: string }): Promise<AdminWithdrawal> {
      const row = await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const w = await repo.decideWithdrawal(tx, input.id, {
          status: 'paid',
          reference: input.reference,
          decidedBy: admin.userId,
          decidedAt: now,
        });
        if (!w) return null;
        await post(tx, 'withdrawal_paid', w.id, [
          { account: accounts.payoutClearing, amount: -w.amount, kind: 'internal' },
          { account: accounts.payoutPaid, amount: w.amount, kind: 'internal' },
        ]);
        await svc.audit.record(tx, admin, {
          action: 'withdrawal.pay',
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: 'pending', amount: w.amount, userId: w.userId },
          after: { status: w.status, reference: w.reference, accountNoMasked: w.accountNoMasked },
        });
        return w;
      });
      if (!row) throw await decidedRefusal(input.id);
      deps.log.info({ adminId: admin.userId, withdrawalId: row.id }, 'withdrawal paid');
      return (await adminView([row]))[0]!;
    },

    /** Operators: pending → rejected with a reason; the funds return to the user's balance. */
    async rejectWithdrawal(admin: Operator, input: { id: string; reason: string }): Promise<AdminWithdrawal> {
      const row = await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const w = await repo.decideWithdrawal(tx, input.id, {
          status: 'rejected',
          reason: input.reason,
          decidedBy: admin.userId,
          decidedAt: now,
        });
        if (!w) return null;
        await post(tx, 'withdrawal_returned', w.id, [
          { account: accounts.payoutClearing, amount: -w.amount, kind: 'internal' },
          {
            account: accounts.balance(w.userId),
            amount: w.amount,
            kind: 'withdrawal_returned',
            description: `提現被拒退回：${input.reason}`,
          },
        ]);
        await svc.audit.record(tx, admin, {
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: 'pending', amount: w.amount, userId: w.userId },
          after: { status: w.status, reason: w.reason },
        });
        return w;
      });
      if (!row) throw await decidedRefusal(input.id);
      deps.log.info({ adminId: admin.userId, withdrawalId: row.id }, 'withdrawal rejected');
      return (await adminView([row]))[0]!;
    },

    /** The books as a whole (tests, the property test, operators' checks). */
    audit: () => repo.audit(deps.db),
  };

  /** Books a withdrawal: balance → payout clearing, a 409 when the balance is short. */
  async function requestWithdrawal(actor: Actor, amount: number, account: PayoutSnapshot): Promise<Withdrawal> {
    const row = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const w = await repo.insertWithdrawal(tx, {
        id: newId('wdr'),
        userId: actor.userId,
        amount,
        status: 'pending',
        ...account,
        createdAt: now,
      });
      await post(tx, 'withdrawal', w.id, [
        {
          account: accounts.balance(actor.userId),
          amount: -amount,
          kind: 'withdrawal',
          description: `提現至 ${account.accountNoMasked}`,
        },
        { account: accounts.payoutClearing, amount, kind: 'internal' },
      ]);
      return w;
    });
    deps.log.info({ userId: actor.userId, withdrawalId: row.id, amount: row.amount }, 'withdrawal requested');
    return withdrawalView(row);
  }

  async function decidedRefusal(id: string) {
    const w = await repo.withdrawal(deps.db, id);
    if (!w) return notFound('找不到此提現申請');
    return conflict(w.status === 'paid' ? '此提現申請已付款' : '此提現申請已被拒絕');
  }
}
export type WalletService = ReturnType<typeof createWalletService>;

import { WITHDRAWAL_MIN_CENTS } from '../../../shared/constants';
import { formatHkd } from '../../../shared/money';
import type { AdminWithdrawal, Withdrawal, WithdrawalListQuery } from '../../../shared/schemas/wallet';
import { newId } from '../../adapters/ids';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import type { Actor, AuthService, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService, PayoutSnapshot } from '../identity/identity.service';
import type { Notifier } from '../notifications/notifications.service';
import { accounts, INSUFFICIENT_BALANCE } from './accounts';
import type { Post } from './ledger';
import type { WalletRepository, WithdrawalRow } from './wallet.repository';
import { paging } from '../../db/queries';

export interface WithdrawalsServices {
  identity: IdentityService;
  auth: Pick<AuthService, 'verifyOwnSmsCode' | 'profiles'>;
  audit: Pick<AuditService, 'record'>;
  /** Withdrawals decided and refunds issued are told in their transaction (decision 034). */
  notifications: Notifier;
}

/** Withdrawals: requested (balance → payout clearing), paid (→ payout paid) or rejected (→ balance). */
export function createWithdrawals(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: WithdrawalsServices,
  repo: WalletRepository,
  post: Post,
  balancesOf: (db: Executor, userId: string) => Promise<{ balance: number; escrow: number }>,
) {
  const view = (w: WithdrawalRow): Withdrawal => ({
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
      ...view(w),
      userId: w.userId,
      nickname: users.get(w.userId)?.nickname ?? '',
      phoneMasked: users.get(w.userId)?.phoneMasked ?? '',
      accountNo: svc.identity.revealAccountNo(w),
    }));
  }

  /** Books a withdrawal: balance → payout clearing, a 409 when the balance is short. */
  async function request(actor: Actor, amount: number, account: PayoutSnapshot): Promise<Withdrawal> {
    const row = await deps.db.transaction(async (tx) => {
      const w = await repo.insertWithdrawal(tx, {
        id: newId('wdr'),
        userId: actor.userId,
        amount,
        status: 'pending',
        ...account,
        createdAt: deps.clock.now(),
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
    return view(row);
  }

  /** pending → paid or rejected, with its posting and the audit record, in one transaction. */
  async function decide(
    admin: Operator,
    id: string,
    set: { status: 'paid'; reference: string } | { status: 'rejected'; reason: string },
  ): Promise<AdminWithdrawal> {
    const row = await deps.db.transaction(async (tx) => {
      const w = await repo.decideWithdrawal(tx, id, { ...set, decidedBy: admin.userId, decidedAt: deps.clock.now() });
      if (!w) return null;
      if (set.status === 'paid') {
        await post(tx, 'withdrawal_paid', w.id, [
          { account: accounts.payoutClearing, amount: -w.amount, kind: 'internal' },
          { account: accounts.payoutPaid, amount: w.amount, kind: 'internal' },
        ]);
      } else {
        await post(tx, 'withdrawal_returned', w.id, [
          { account: accounts.payoutClearing, amount: -w.amount, kind: 'internal' },
          {
            account: accounts.balance(w.userId),
            amount: w.amount,
            kind: 'withdrawal_returned',
            description: `提現被拒退回：${set.reason}`,
          },
        ]);
      }
      if (set.status === 'paid')
        await svc.notifications.notify(tx, w.userId, 'withdrawalPaid', { withdrawalId: w.id, amountCents: w.amount });
      else
        await svc.notifications.notify(tx, w.userId, 'withdrawalRejected', {
          withdrawalId: w.id,
          amountCents: w.amount,
          reason: set.reason,
        });
      await svc.audit.record(tx, admin, {
        action: set.status === 'paid' ? 'withdrawal.pay' : 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: w.id,
        before: { status: 'pending', amount: w.amount, userId: w.userId },
        after:
          set.status === 'paid'
            ? { status: w.status, reference: w.reference, accountNoMasked: w.accountNoMasked }
            : { status: w.status, reason: w.reason },
      });
      return w;
    });
    if (!row) {
      const w = await repo.withdrawal(deps.db, id);
      if (!w) throw notFound('找不到此提現申請');
      throw conflict(w.status === 'paid' ? '此提現申請已付款' : '此提現申請已被拒絕');
    }
    deps.log.info({ adminId: admin.userId, withdrawalId: row.id }, `withdrawal ${set.status}`);
    return (await adminView([row]))[0]!;
  }

  return {
    /**
     * `payment/withdraw`: verified, with a payout account, after the SMS re-check; the funds move to payout
     * clearing. The code is checked before the balance, so a used or wrong code answers that, whatever the balance
     * (a code is used up by the check even when the balance then turns out short: the user asks for a new one).
     */
    async withdraw(actor: Actor, input: { amount: number; code: string }): Promise<Withdrawal> {
      if (input.amount < WITHDRAWAL_MIN_CENTS) throw conflict(`最低提現金額為 ${formatHkd(WITHDRAWAL_MIN_CENTS)}`);
      if (!(await svc.identity.isVerified(deps.db, actor.userId))) throw conflict('請先完成實名認證', 'not_verified');
      const account = await svc.identity.payoutSnapshot(deps.db, actor.userId);
      if (!account) throw conflict('請先設定收款帳戶', 'no_payout_account');
      // The code first: a repeated request with a used code must say so, not that the first one left the balance short.
      await svc.auth.verifyOwnSmsCode(actor, 'withdraw', input.code);
      const { balance } = await balancesOf(deps.db, actor.userId);
      if (balance < input.amount)
        throw conflict(`錢包餘額不足，可提現金額為 ${formatHkd(balance)}`, INSUFFICIENT_BALANCE);
      return request(actor, input.amount, account);
    },

    /** The withdrawal itself, once the SMS re-check passed (also the property test's entry point). */
    async withdrawChecked(actor: Actor, amount: number): Promise<Withdrawal> {
      if (amount < WITHDRAWAL_MIN_CENTS) throw conflict(`最低提現金額為 ${formatHkd(WITHDRAWAL_MIN_CENTS)}`);
      const account = await svc.identity.payoutSnapshot(deps.db, actor.userId);
      if (!account) throw conflict('請先設定收款帳戶', 'no_payout_account');
      return request(actor, amount, account);
    },

    async withdrawals(actor: Actor, q: WithdrawalListQuery & { page: number; pageSize: number }) {
      const rows = await repo.withdrawals(deps.db, {
        userId: actor.userId,
        status: q.status,
        ...paging(q),
      });
      return rows.map(view);
    },

    /** Operators: withdrawals, newest first, filterable by status. */
    async adminWithdrawals(
      _operator: Operator,
      q: WithdrawalListQuery & { page: number; pageSize: number },
    ): Promise<{ rows: AdminWithdrawal[]; total: number }> {
      const [rows, total] = await Promise.all([
        repo.withdrawals(deps.db, { status: q.status, ...paging(q) }),
        repo.countWithdrawals(deps.db, { status: q.status }),
      ]);
      return { rows: await adminView(rows), total };
    },

    /** Withdrawals waiting for an operator: the dashboard's queue. */
    pendingWithdrawalCount: () => repo.countWithdrawals(deps.db, { status: 'pending' }),

    /** Operators: pending → paid with the payment reference; payout clearing → paid out. */
    payWithdrawal: (admin: Operator, input: { id: string; reference: string }) =>
      decide(admin, input.id, { status: 'paid', reference: input.reference }),

    /** Operators: pending → rejected with a reason; the funds return to the user's balance. */
    rejectWithdrawal: (admin: Operator, input: { id: string; reason: string }) =>
      decide(admin, input.id, { status: 'rejected', reason: input.reason }),
  };
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminPayWithdrawalBodySchema,
  AdminRejectWithdrawalBodySchema,
  AdminWithdrawalSchema,
  HistoryQuerySchema,
  LedgerEntrySchema,
  WalletSchema,
  WithdrawalListQuerySchema,
  WithdrawalSchema,
  WithdrawBodySchema,
} from '../../../shared/schemas/wallet';
import {
  AdminPayRefundBodySchema,
  AdminRefundSchema,
  JournalPostingSchema,
  JournalQuerySchema,
  ReconcileSchema,
  RefundListQuerySchema,
  TrialBalanceSchema,
} from '../../../shared/schemas/admin-ledger';
import { adminList, adminRoutes, ok, reply, requireAdmin, requireUser, userRoutes } from '../../http';

export async function walletRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { wallet } = app.services;
  const tags = ['payment'];

  r.get('/payment/info', { schema: { tags, response: reply(WalletSchema) } }, async (req) =>
    ok(await wallet.wallet(requireUser(req))),
  );
  r.get(
    '/payment/history',
    { schema: { tags, querystring: HistoryQuerySchema, response: reply(z.array(LedgerEntrySchema)) } },
    async (req) => ok(await wallet.history(requireUser(req), req.query)),
  );
  r.post(
    '/payment/withdraw',
    { schema: { tags, body: WithdrawBodySchema, response: reply(WithdrawalSchema) } },
    async (req) => ok(await wallet.withdraw(requireUser(req), req.body), '提現申請已提交，我們會盡快處理'),
  );
  r.get(
    '/payment/withdrawals',
    { schema: { tags, querystring: WithdrawalListQuerySchema, response: reply(z.array(WithdrawalSchema)) } },
    async (req) => ok(await wallet.withdrawals(requireUser(req), req.query)),
  );
}

/** Operators' withdrawal queue and the books (帳目) under /api/admin (a signed-in non-operator gets 404). */
export async function adminWalletRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { wallet, ledger } = app.services;
  const tags = ['admin'];

  adminList(
    r,
    '/admin/withdrawals',
    { querystring: WithdrawalListQuerySchema, row: AdminWithdrawalSchema },
    (operator, query) => wallet.adminWithdrawals(operator, query),
  );
  r.post(
    '/admin/withdrawals/pay',
    { schema: { tags, body: AdminPayWithdrawalBodySchema, response: reply(AdminWithdrawalSchema) } },
    async (req) => ok(await wallet.payWithdrawal(requireAdmin(req), req.body), '已標記為已付款'),
  );
  r.post(
    '/admin/withdrawals/reject',
    { schema: { tags, body: AdminRejectWithdrawalBodySchema, response: reply(AdminWithdrawalSchema) } },
    async (req) => ok(await wallet.rejectWithdrawal(requireAdmin(req), req.body), '已拒絕，款項已退回用戶錢包'),
  );

  r.get('/admin/ledger/trialBalance', { schema: { tags, response: reply(TrialBalanceSchema) } }, async (req) =>
    ok(await ledger.trialBalance(requireAdmin(req))),
  );
  adminList(
    r,
    '/admin/ledger/journal',
    { querystring: JournalQuerySchema, row: JournalPostingSchema },
    (operator, query) => ledger.journal(operator, query),
  );
  r.get('/admin/ledger/reconcile', { schema: { tags, response: reply(ReconcileSchema) } }, async (req) =>
    ok(await ledger.reconcile(requireAdmin(req))),
  );
  adminList(
    r,
    '/admin/ledger/refunds',
    { querystring: RefundListQuerySchema, row: AdminRefundSchema },
    (operator, query) => wallet.adminRefunds(operator, query),
  );
  r.post(
    '/admin/ledger/refunds/pay',
    { schema: { tags, body: AdminPayRefundBodySchema, response: reply(AdminRefundSchema) } },
    async (req) => ok(await wallet.payRefund(requireAdmin(req), req.body), '已經支付服務退款'),
  );
}

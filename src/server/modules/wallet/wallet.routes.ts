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
import { adminList, adminRoutes, ok, reply, requireAdmin, requireUser, userApi } from '../../http';

export async function walletRoutes(app: FastifyInstance) {
  const tags = ['payment'];
  const { r, ...api } = userApi(app, tags);
  const { wallet } = app.services;

  r.get('/payment/info', { schema: { tags, response: reply(WalletSchema) } }, async (req) =>
    ok(await wallet.wallet(requireUser(req))),
  );
  api.get('/payment/history', { querystring: HistoryQuerySchema, data: z.array(LedgerEntrySchema) }, (u, q) =>
    wallet.history(u, q),
  );
  api.post(
    '/payment/withdraw',
    { body: WithdrawBodySchema, data: WithdrawalSchema, msg: '提現申請已提交，我們會盡快處理' },
    (u, b) => wallet.withdraw(u, b),
  );
  api.get('/payment/withdrawals', { querystring: WithdrawalListQuerySchema, data: z.array(WithdrawalSchema) }, (u, q) =>
    wallet.withdrawals(u, q),
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

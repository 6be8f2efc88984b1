import type { AdminRefund, RefundListQuery } from '../../../shared/schemas/admin-ledger';
import type { Notifier } from '../notifications/notifications.service';
import { PaymentMissingError, ProviderUnavailableError } from '../../adapters/payments/payment-provider';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import type { Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import { accounts } from './accounts';
import type { Post } from './ledger';
import type { RefundRow, RefundsRepository } from './refunds.repository';
import { paging } from '../../db/queries';

const view = (r: RefundRow & { note?: string | null }): AdminRefund => ({
  id: r.id,
  orderNo: r.orderNo,
  provider: r.provider,
  providerRef: r.providerRef,
  paymentRef: r.paymentRef,
  amount: r.amount,
  currency: r.currency,
  reason: r.reason,
  note: r.note ?? null,
  status: r.status,
  providerRefundRef: r.providerRefundRef,
  failure: r.failure,
  decidedBy: r.decidedBy,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * Refund records (decision 025): a late or second provider payment owed back. An operator pays one: the provider's
 * refund is called (idempotent on the record's id), then the record is closed and refunds payable → provider
 * clearing booked once, with the audit record, in one transaction.
 */
export function createRefunds(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'payments'>,
  svc: { audit: Pick<AuditService, 'record'>; notifications: Notifier },
  repo: RefundsRepository,
  post: Post,
) {
  return {
    /** Operators: refund records, newest first, filterable by status. */
    async list(_operator: Operator, q: RefundListQuery & { page: number; pageSize: number }) {
      const [rows, total] = await Promise.all([
        repo.list(deps.db, { status: q.status, ...paging(q) }),
        repo.count(deps.db, { status: q.status }),
      ]);
      return { rows: rows.map(view), total };
    },

    /** Operators: pays a pending (or failed) refund back through the provider it came from. */
    async pay(admin: Operator, input: { id: string }): Promise<AdminRefund> {
      const r = await repo.byId(deps.db, input.id);
      if (!r) throw notFound('找不到此退款紀錄');
      if (r.status === 'paid') throw conflict('此款項已退回');
      if (r.provider !== deps.payments.name) {
        throw conflict(`此款項經由 ${r.provider} 收取，目前的支付服務無法退款，請於該支付服務的後台處理`);
      }
      let refundRef: string;
      try {
        ({ refundRef } = await deps.payments.refund({
          providerRef: r.providerRef,
          paymentRef: r.paymentRef,
          amountCents: r.amount,
          idempotencyKey: `refund-${r.id}`,
        }));
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError || err instanceof PaymentMissingError)) throw err;
        deps.log.warn({ err, refundId: r.id }, 'provider refund failed');
        // No such payment at the provider: no retry can pay it, so the record and the answer say so (not "try later").
        const missing = err instanceof PaymentMissingError;
        const failure = missing
          ? `${deps.payments.name} 沒有此付款（${r.paymentRef}），無法經支付服務退款`
          : err.message;
        await deps.db.transaction(async (tx) => {
          const failed = await repo.decide(tx, r.id, ['pending', 'failed'], { status: 'failed', failure });
          if (failed) {
            await svc.audit.record(tx, admin, {
              action: 'refund.fail',
              targetType: 'refund',
              targetId: r.id,
              before: { status: r.status, amount: r.amount, orderNo: r.orderNo },
              after: { status: 'failed', failure },
            });
          }
        });
        if (missing) throw conflict(`${failure}；請核對付款紀錄，改以其他方式退還`, 'payment_missing');
        throw new AppError('unavailable', '支付服務暫時未能處理退款，請稍後再試');
      }
      const row = await deps.db.transaction(async (tx) => {
        const paid = await repo.decide(tx, r.id, ['pending', 'failed'], {
          status: 'paid',
          providerRefundRef: refundRef,
          failure: null,
          decidedBy: admin.userId,
          decidedAt: deps.clock.now(),
        });
        if (!paid) return null;
        await post(tx, 'refund_paid', paid.id, [
          { account: accounts.refundsPayable, amount: -paid.amount, kind: 'internal' },
          { account: accounts.providerClearing, amount: paid.amount, kind: 'internal' },
        ]);
        if (paid.buyerId)
          await svc.notifications.notify(tx, paid.buyerId, 'refundIssued', {
            orderNo: paid.orderNo,
            amountCents: paid.amount,
            toBalance: false,
          });
        await svc.audit.record(tx, admin, {
          action: 'refund.pay',
          targetType: 'refund',
          targetId: paid.id,
          before: { status: r.status, amount: r.amount, orderNo: r.orderNo },
          after: { status: 'paid', providerRefundRef: refundRef },
        });
        return paid;
      });
      // Another operator closed it meanwhile: the provider's refund was the same one (same idempotency key).
      if (!row) throw conflict('此款項已退回');
      deps.log.info({ adminId: admin.userId, refundId: row.id, amount: row.amount }, 'refund paid');
      return view(row);
    },
  };
}

import { formatHkd } from '../../../shared/money';
import {
  REFUNDABLE_ORDER_TYPES,
  type AdminOrderRefund,
  type AdminOrderRefundListQuery,
  type AdminOrderRefundPreview,
  type AdminRefundOrderBody,
} from '../../../shared/schemas/admin-order-refunds';
import { PAY_ORDER_STATUS_LABELS, type PayOrderRefund } from '../../../shared/schemas/pay-orders';
import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import { paging } from '../../db/queries';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { Operator } from '../auth/auth.service';
import type { Notifier } from '../notifications/notifications.service';
import type { PayOrderRow, PayOrdersService } from '../pay-orders/pay-orders.service';
import type { SaleRow, SalesService } from '../sales/sales.service';
import { buyerRefundView, orderRefundView, perkPartOf } from '../wallet/order-refund-books';
import type { WalletService } from '../wallet/wallet.service';
import { takeBack, unitsOf, type UnitServices } from './order-refund-units';

export interface OrderRefundServices extends UnitServices {
  payOrders: Pick<PayOrdersService, 'lockOrder' | 'byOrderNo'>;
  sales: Pick<SalesService, 'ofOrder' | 'unitsOf' | 'refund'>;
  wallet: Pick<WalletService, 'orderRefunds'>;
  audit: Pick<AuditService, 'record'>;
  notifications: Notifier;
}

const NOT_FOUND = '找不到此訂單';
const FULLY_REFUNDED = '此訂單已全數退款';

/** Why a pay order cannot be refunded now, or null. */
function refusalOf(order: PayOrderRow, sale: SaleRow | null): string | null {
  if (!(REFUNDABLE_ORDER_TYPES as readonly string[]).includes(order.type))
    return '只可退款商城的卡牌、商品及卡包訂單；市場交易請聯絡買賣雙方處理';
  if (order.status !== 'paid') return `只可退款已付款的訂單（此訂單：${PAY_ORDER_STATUS_LABELS[order.status]}）`;
  if (!sale) return '此訂單沒有銷售紀錄，未能退款，請通知工程團隊';
  if (sale.refunded >= sale.price - sale.discount) return FULLY_REFUNDED;
  return null;
}

/**
 * Operators' refunds of paid mall orders (decision 050): in one transaction, under the order's row lock, the picked
 * units go back to the platform, the sale records the refund, the wallet books the money back (to the balance, or
 * owed through the provider with a refund record), the audit records the action and the buyer is told.
 */
export function createOrderRefundsService(deps: Pick<Deps, 'db' | 'clock' | 'log'>, svc: OrderRefundServices) {
  /** The order's one sale (a mall order, a pack: decision 049); null when it has none or several. */
  async function saleOf(db: Executor, orderNo: string): Promise<SaleRow | null> {
    const sales = await svc.sales.ofOrder(db, orderNo);
    return sales.length === 1 ? sales[0]! : null;
  }

  async function preview(db: Executor, order: PayOrderRow): Promise<AdminOrderRefundPreview> {
    const sale = await saleOf(db, order.orderNo);
    const refunds = await svc.wallet.orderRefunds.ofOrders(db, [order.orderNo]);
    const paid = sale ? sale.price - sale.discount : order.amountCents;
    const refunded = sale?.refunded ?? 0;
    return {
      orderNo: order.orderNo,
      type: order.type,
      status: order.status,
      buyerId: order.buyerId,
      itemName: order.itemName,
      quantity: order.quantity,
      listAmount: order.unitPriceCents * order.quantity,
      discount: order.discountCents,
      amount: order.amountCents,
      provider: order.provider,
      paidAt: order.paidAt?.toISOString() ?? null,
      refunded,
      remaining: Math.max(0, paid - refunded),
      refusal: refusalOf(order, sale),
      units: sale ? (await unitsOf(db, svc, order, sale.id)).map(({ cancelShipment: _c, ...u }) => u) : [],
      refunds: refunds.map(orderRefundView),
    };
  }

  /** The refund itself, under the order's row lock (a second refund waits, then sees this one). */
  async function refundIn(tx: Tx, operator: Operator, input: RefundInput) {
    const order = await svc.payOrders.lockOrder(tx, input.orderNo);
    if (!order) throw notFound(NOT_FOUND);
    const again = await svc.wallet.orderRefunds.byKey(tx, order.orderNo, input.idempotencyKey);
    if (again) {
      if (again.amount !== input.amount) throw conflict('此請求編號已用於另一筆退款，請重新開啟退款視窗');
      return { order, refund: again, repeated: true };
    }
    const sale = await saleOf(tx, order.orderNo);
    const refusal = refusalOf(order, sale);
    if (refusal) throw conflict(refusal);
    const paid = sale!.price - sale!.discount;
    const remaining = paid - sale!.refunded;
    if (input.amount > remaining)
      throw conflict(`退款金額超出此訂單尚可退回的 ${formatHkd(remaining)}（已退款 ${formatHkd(sale!.refunded)}）`);
    const id = newId('ordr');
    const units = await unitsOf(tx, svc, order, sale!.id);
    await takeBack(tx, svc, operator, { order, units, itemIds: input.itemIds, refundId: id, reason: input.reason });
    // The sale's own check is the backstop: never past what was paid, whatever ran before.
    if (!(await svc.sales.refund(tx, sale!.id, input.amount, input.itemIds))) throw conflict(FULLY_REFUNDED);
    const refund = await svc.wallet.orderRefunds.book(tx, {
      id,
      order: {
        orderNo: order.orderNo,
        buyerId: order.buyerId,
        amountCents: order.amountCents,
        currency: order.currency,
        itemName: order.itemName,
        provider: order.provider,
        providerRef: order.providerRef,
        paymentRef: order.providerPaymentRef,
      },
      saleId: sale!.id,
      amount: input.amount,
      perkPart: perkPartOf(sale!.discount, paid, sale!.refunded, input.amount),
      toBalance: input.toBalance,
      reason: input.reason,
      itemIds: input.itemIds,
      idempotencyKey: input.idempotencyKey,
      operatorId: operator.userId,
    });
    await svc.audit.record(tx, operator, {
      action: 'pay_order.refund',
      targetType: 'pay_order',
      targetId: order.orderNo,
      before: { refunded: sale!.refunded },
      after: {
        refunded: sale!.refunded + input.amount,
        amount: input.amount,
        toBalance: refund.toBalance,
        itemIds: input.itemIds,
        reason: input.reason,
      },
    });
    await svc.notifications.notify(tx, order.buyerId, 'orderRefunded', {
      orderNo: order.orderNo,
      itemName: order.itemName,
      amountCents: input.amount,
      reason: input.reason,
      toBalance: refund.toBalance,
      returned: input.itemIds.length,
    });
    return { order, refund, repeated: false };
  }

  return {
    /** Operators: a paid order as the refund dialog shows it (its units, what was refunded and what may be). */
    async preview(_operator: Operator, orderNo: string): Promise<AdminOrderRefundPreview> {
      const order = await svc.payOrders.byOrderNo(deps.db, orderNo);
      if (!order) throw notFound(NOT_FOUND);
      return preview(deps.db, order);
    },

    /**
     * Operators: refunds `amount` of a paid mall order and takes `itemIds` back to the platform, with a reason; a
     * repeat of the same request key answers the first refund. Answers the order as the dialog shows it after.
     */
    async refund(
      operator: Operator,
      body: RefundInput,
    ): Promise<{ order: AdminOrderRefundPreview; refund: AdminOrderRefund }> {
      const { order, refund, repeated } = await deps.db.transaction((tx) => refundIn(tx, operator, body));
      if (!repeated)
        deps.log.info(
          { adminId: operator.userId, orderNo: order.orderNo, refundId: refund.id, amount: refund.amount },
          'order refunded',
        );
      const after = await preview(deps.db, (await svc.payOrders.byOrderNo(deps.db, order.orderNo))!);
      return { order: after, refund: orderRefundView(refund) };
    },

    /** Operators: refunds of paid orders, newest first (optionally of one order). */
    async list(_operator: Operator, q: AdminOrderRefundListQuery & { page: number; pageSize: number }) {
      const { rows, total } = await svc.wallet.orderRefunds.list(deps.db, { orderNo: q.orderNo, ...paging(q) });
      return { rows: rows.map(orderRefundView), total };
    },

    /** The refunds of these paid orders as their buyer sees them (the pay orders' views). */
    async buyerRefunds(orderNos: string[]): Promise<Map<string, PayOrderRefund[]>> {
      const out = new Map<string, PayOrderRefund[]>();
      for (const r of await svc.wallet.orderRefunds.ofOrders(deps.db, orderNos))
        out.set(r.orderNo, [...(out.get(r.orderNo) ?? []), buyerRefundView(r)]);
      return out;
    },
  };
}
export type OrderRefundsService = ReturnType<typeof createOrderRefundsService>;

type RefundInput = Required<Omit<AdminRefundOrderBody, 'itemIds' | 'toBalance'>> & {
  itemIds: string[];
  toBalance: boolean;
};

import type { ReconcileException } from '../../../shared/schemas/admin-ledger';

/** What reconciliation reads of an operator's refund of a paid order (decision 050). */
export interface OrderRefundFacts {
  id: string;
  orderNo: string;
  amount: number;
  perkPart: number;
  toBalance: boolean;
  refundId: string | null;
}

const ex = (type: ReconcileException['type'], ref: string, detail: string, action: string): ReconcileException => ({
  type,
  ref,
  detail,
  action,
});

/**
 * Operators' refunds of paid orders (decision 050): each has its one `order_refund` posting taking its amount and
 * perk part off `platform:sales` (`onSales`: the postings' amounts on that account, by refund id), no such posting
 * lacks its refund, and an order's refunds stay within what was paid for it and its perk discount. Whether one paid
 * through the provider has its refund record is the refund records' own check (its posting is on refunds payable).
 */
export function orderRefundExceptions(
  orders: { orderNo: string; status: string; amountCents: number; discountCents: number }[],
  refunds: OrderRefundFacts[],
  onSales: { refId: string; onAccount: number }[],
): ReconcileException[] {
  const out: ReconcileException[] = [];
  const postings = new Map(onSales.map((p) => [p.refId, p.onAccount]));
  const orderOf = new Map(orders.map((o) => [o.orderNo, o]));
  const totals = new Map<string, { amount: number; perk: number }>();
  for (const r of refunds) {
    const posted = postings.get(r.id);
    postings.delete(r.id);
    if (posted === undefined) {
      out.push(
        ex(
          'missing_posting',
          r.id,
          `訂單退款 ${r.id}（訂單 ${r.orderNo}）缺少「order_refund」分錄`,
          '核對退款紀錄後補記分錄',
        ),
      );
    } else if (posted !== -(r.amount + r.perkPart)) {
      out.push(
        ex(
          'unexpected_posting',
          r.id,
          `訂單退款 ${r.id} 的分錄從平台銷售扣除 ${-posted} 仙，退款紀錄為 ${r.amount + r.perkPart} 仙`,
          '查明原因後以沖正分錄更正',
        ),
      );
    }
    const o = orderOf.get(r.orderNo);
    if (o?.status !== 'paid') {
      out.push(
        ex(
          'unexpected_posting',
          r.id,
          `訂單退款 ${r.id} 的訂單 ${r.orderNo} 不是已付款的訂單`,
          '查明退款來源，必要時以沖正分錄更正',
        ),
      );
      continue;
    }
    const t = totals.get(o.orderNo) ?? { amount: 0, perk: 0 };
    totals.set(o.orderNo, { amount: t.amount + r.amount, perk: t.perk + r.perkPart });
  }
  for (const [orderNo, t] of totals) {
    const o = orderOf.get(orderNo)!;
    if (t.amount > o.amountCents || t.perk > o.discountCents) {
      out.push(
        ex(
          'unexpected_posting',
          orderNo,
          `訂單 ${orderNo} 的退款合共 ${t.amount} 仙（優惠部分 ${t.perk} 仙），超過付款 ${o.amountCents} 仙（優惠 ${o.discountCents} 仙）`,
          '立即核對此訂單的退款紀錄',
        ),
      );
    }
  }
  for (const refId of postings.keys()) {
    out.push(
      ex(
        'posting_without_order',
        refId,
        `退款分錄 ${refId} 找不到對應的訂單退款紀錄`,
        '查明分錄來源，必要時以沖正分錄更正',
      ),
    );
  }
  return out;
}

import type { ReconcileException } from '../../../shared/schemas/admin-ledger';
import type { PayOrderType } from '../../../shared/schemas/pay-orders';
import { accounts } from './accounts';
import { orderRefundExceptions, type OrderRefundFacts } from './reconcile-order-refunds';
import type { WalletRepository } from './wallet.repository';

/** What reconciliation needs of a pay order (read through the pay-orders service). */
export interface SettledOrderFacts {
  orderNo: string;
  type: PayOrderType;
  status: 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';
  provider: string;
  amountCents: number;
  /** What a perk took off the order (decision 029). */
  discountCents: number;
}

/** The postings a paid order of each type gets besides its receipt (decision 025): at least one of them, no other. */
const SETTLEMENT_KINDS: Record<PayOrderType, readonly string[]> = {
  card: ['mall_sale'],
  product: ['mall_sale'],
  market: ['market_sale'],
  bid: ['bid_funding'],
  // A set purchase (decision 042): a `set_sale` per seller of its market cards, and the mall's sale of its mall cards
  // (issue 44); either may be absent, and together they clear the order.
  set: ['set_sale', 'mall_sale'],
  // A mystery pack is a mall sale (decision 043).
  pack: ['mall_sale'],
  offer: ['offer_funding'],
  // One-step bids (decision 042): several buy listings funded by one order, as a single bid's.
  bids: ['bid_funding'],
  // A counter's top-up paid by an order (decision 040): into escrow, or the balance when the accept no longer holds.
  offer_topup: ['offer_funding'],
};
const ORDER_KINDS = [
  'payment_received',
  'balance_payment',
  'mall_sale',
  'market_sale',
  'bid_funding',
  'set_sale',
  'offer_funding',
];
/** The pay order a posting settles: a set purchase books one `set_sale` per seller, keyed `<orderNo>:<sellerId>` (decision 042). */
const orderOf = (p: { kind: string; refId: string }) => (p.kind === 'set_sale' ? p.refId.split(':')[0]! : p.refId);
/** Postings that owe money back through the provider: late or second payments, and order refunds not to the balance (050). */
const REFUND_DUE_KINDS = ['late_payment', 'duplicate_payment', 'order_refund'];

type PostingFacts = { kind: string; refId: string; onAccount: number };

/**
 * The postings a pay order must have, each group at least once and no other kind: none unless paid; a receipt and its
 * type's settlement when paid.
 */
export function expectedKinds(o: SettledOrderFacts): (readonly string[])[] {
  if (o.status !== 'paid') return [];
  return [[o.provider === 'balance' ? 'balance_payment' : 'payment_received'], SETTLEMENT_KINDS[o.type]];
}

const ex = (type: ReconcileException['type'], ref: string, detail: string, action: string): ReconcileException => ({
  type,
  ref,
  detail,
  action,
});

/** The postings whose reference (`refIds`, named `what` in the detail) is no pay order. */
const withoutOrder = (refIds: Iterable<string>, what: string): ReconcileException[] =>
  [...refIds].map((refId) =>
    ex('posting_without_order', refId, `${what} ${refId} 找不到對應的付款訂單`, '查明分錄來源，必要時以沖正分錄更正'),
  );

/**
 * Every paid discounted order has its `perk_discount` posting, of its discount, on promotions; no other order has
 * one (decision 029).
 */
function perkExceptions(orders: SettledOrderFacts[], postings: PostingFacts[]): ReconcileException[] {
  const out: ReconcileException[] = [];
  const byOrder = new Map(postings.map((p) => [p.refId, p]));
  for (const o of orders) {
    const p = byOrder.get(o.orderNo);
    byOrder.delete(o.orderNo);
    const due = o.status === 'paid' && o.discountCents > 0;
    if (due && !p) {
      out.push(
        ex(
          'missing_posting',
          o.orderNo,
          `訂單 ${o.orderNo} 使用持卡優惠 ${o.discountCents} 仙，缺少「perk_discount」分錄`,
          '核對優惠使用紀錄後補記分錄',
        ),
      );
    } else if (p && (!due || p.onAccount !== -o.discountCents)) {
      out.push(
        ex(
          'unexpected_posting',
          o.orderNo,
          `訂單 ${o.orderNo}（${o.status}）的「perk_discount」分錄為 ${-p.onAccount} 仙，訂單優惠為 ${o.discountCents} 仙`,
          '查明原因後以沖正分錄更正',
        ),
      );
    }
  }
  out.push(...withoutOrder(byOrder.keys(), '優惠分錄'));
  return out;
}

/**
 * Compares pay orders, refund records and the ledger (decision 025): every pay order has exactly the postings its
 * state and type require, each settled order nets to zero in orders clearing, operators' refunds of paid orders have
 * their postings and stay within what was paid (decision 050), refunds payable equals the open refund records, every posting nets to zero, cached balances match their entries and the trial balance is 0.
 */
export async function reconcileBooks(input: {
  orders: SettledOrderFacts[];
  postings(kinds: string[], accountId: string): Promise<PostingFacts[]>;
  refunds: { id: string; orderNo: string; postingRef: string; status: string; amount: number }[];
  /** Operators' refunds of paid orders (decision 050). */
  orderRefunds: OrderRefundFacts[];
  audit: Awaited<ReturnType<WalletRepository['audit']>>;
  total: number;
}): Promise<ReconcileException[]> {
  const out: ReconcileException[] = [];
  const orderPostings = await input.postings(ORDER_KINDS, accounts.ordersClearing.id);
  const byOrder = new Map<string, PostingFacts[]>();
  for (const p of orderPostings) byOrder.set(orderOf(p), [...(byOrder.get(orderOf(p)) ?? []), p]);
  const refundsByOrder = new Set(input.refunds.map((r) => r.orderNo));

  for (const o of input.orders) {
    const got = byOrder.get(o.orderNo) ?? [];
    byOrder.delete(o.orderNo);
    const expected = expectedKinds(o);
    for (const kinds of expected.filter((ks) => !got.some((p) => ks.includes(p.kind)))) {
      out.push(
        ex(
          'missing_posting',
          o.orderNo,
          `訂單 ${o.orderNo}（${o.status}）缺少「${kinds.join('」或「')}」分錄`,
          '核對付款及交付紀錄後補記分錄',
        ),
      );
    }
    for (const p of got.filter((p) => !expected.some((ks) => ks.includes(p.kind)))) {
      out.push(
        ex(
          'unexpected_posting',
          o.orderNo,
          `訂單 ${o.orderNo}（${o.status}）不應有「${p.kind}」分錄`,
          '查明原因後以沖正分錄更正',
        ),
      );
    }
    const net = got.reduce((s, p) => s + p.onAccount, 0);
    const received = got.find((p) => p.kind === 'payment_received' || p.kind === 'balance_payment');
    if (o.status === 'paid' && (net !== 0 || (received && received.onAccount !== o.amountCents))) {
      out.push(
        ex(
          'clearing_not_netted',
          o.orderNo,
          `訂單 ${o.orderNo} 在訂單收款待結算帳戶未能對銷（差額 ${net} 仙）`,
          '核對訂單金額與分錄金額',
        ),
      );
    }
    if (o.status === 'refunded' && o.amountCents > 0 && !refundsByOrder.has(o.orderNo)) {
      out.push(
        ex('missing_posting', o.orderNo, `已退款訂單 ${o.orderNo} 沒有退款紀錄`, '建立退款紀錄並經支付服務退款'),
      );
    }
  }
  out.push(...withoutOrder(byOrder.keys(), '分錄參考'));

  out.push(...perkExceptions(input.orders, await input.postings(['perk_discount'], accounts.promotions.id)));
  out.push(
    ...orderRefundExceptions(
      input.orders,
      input.orderRefunds,
      await input.postings(['order_refund'], accounts.sales.id),
    ),
  );

  const refundPostings = await input.postings([...REFUND_DUE_KINDS, 'refund_paid'], accounts.refundsPayable.id);
  const due = new Set(refundPostings.filter((p) => p.kind !== 'refund_paid' && p.onAccount !== 0).map((p) => p.refId));
  const paidOut = new Set(refundPostings.filter((p) => p.kind === 'refund_paid').map((p) => p.refId));
  for (const r of input.refunds) {
    if (!due.has(r.postingRef))
      out.push(ex('refund_without_posting', r.id, `退款紀錄 ${r.id} 沒有應退款項分錄`, '核對支付服務的收款紀錄'));
    if ((r.status === 'paid') !== paidOut.has(r.id)) {
      out.push(
        ex(
          'refund_without_posting',
          r.id,
          `退款紀錄 ${r.id}（${r.status}）與退款付款分錄不符`,
          '核對支付服務的退款紀錄',
        ),
      );
    }
    due.delete(r.postingRef);
  }
  for (const ref of due) {
    out.push(ex('posting_without_refund', ref, `應退款項分錄 ${ref} 沒有退款紀錄`, '建立退款紀錄並經支付服務退款'));
  }

  const balanceOf = (id: string) => input.audit.accounts.find((a) => a.id === id)?.cached ?? 0;
  const open = input.refunds.filter((r) => r.status !== 'paid').reduce((s, r) => s + r.amount, 0);
  if (balanceOf(accounts.refundsPayable.id) !== open) {
    out.push(
      ex(
        'refunds_payable_mismatch',
        accounts.refundsPayable.id,
        `應退款項結餘 ${balanceOf(accounts.refundsPayable.id)} 仙，未完成退款紀錄合共 ${open} 仙`,
        '逐筆核對退款紀錄與分錄',
      ),
    );
  }
  if (balanceOf(accounts.ordersClearing.id) !== 0) {
    out.push(
      ex(
        'clearing_not_netted',
        accounts.ordersClearing.id,
        `訂單收款待結算帳戶結餘為 ${balanceOf(accounts.ordersClearing.id)} 仙`,
        '查明未結算的收款',
      ),
    );
  }
  for (const u of input.audit.unbalanced) {
    out.push(
      ex('unbalanced_posting', u.postingId, `分錄 ${u.postingId} 借貸不平衡（${u.total} 仙）`, '立即通知工程團隊'),
    );
  }
  for (const a of input.audit.accounts.filter((a) => a.cached !== a.summed)) {
    out.push(
      ex(
        'cached_balance_mismatch',
        a.id,
        `帳戶 ${a.id} 結餘 ${a.cached} 仙與分錄合計 ${a.summed} 仙不符`,
        '立即通知工程團隊',
      ),
    );
  }
  if (input.total !== 0) {
    out.push(
      ex('trial_balance_not_zero', 'trial_balance', `試算表合計為 ${input.total} 仙，不是 0`, '立即通知工程團隊'),
    );
  }
  return out;
}

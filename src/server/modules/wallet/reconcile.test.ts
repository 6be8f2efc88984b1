import { describe, expect, it } from 'vitest';
import { accounts } from './accounts';
import { perkPartOf } from './order-refund-books';
import { reconcileBooks, type SettledOrderFacts } from './reconcile';
import type { OrderRefundFacts } from './reconcile-order-refunds';

/** Reconciliation of perk discounts (decision 029) on plain facts: each paid discounted order has its posting. */
describe('reconcileBooks: perk discounts', () => {
  const order = (over: Partial<SettledOrderFacts>): SettledOrderFacts => ({
    orderNo: 'TR1',
    type: 'product',
    status: 'paid',
    provider: 'sandbox',
    amountCents: 31_920,
    discountCents: 7_980,
    ...over,
  });
  /** The postings of paid orders through orders clearing, and `perk` on promotions. */
  const books = (orders: SettledOrderFacts[], perk: { refId: string; onAccount: number }[]) =>
    reconcileBooks({
      orders,
      async postings(kinds, accountId) {
        if (accountId === accounts.promotions.id) return perk.map((p) => ({ kind: 'perk_discount', ...p }));
        if (accountId !== accounts.ordersClearing.id) return [];
        return orders
          .filter((o) => o.status === 'paid')
          .flatMap((o) => [
            { kind: 'payment_received', refId: o.orderNo, onAccount: o.amountCents },
            { kind: 'mall_sale', refId: o.orderNo, onAccount: -o.amountCents },
          ])
          .filter((p) => kinds.includes(p.kind));
      },
      refunds: [],
      orderRefunds: [],
      audit: { accounts: [], unbalanced: [] },
      total: 0,
    });

  it('finds nothing when the paid discounted order has its discount posting', async () => {
    expect(await books([order({})], [{ refId: 'TR1', onAccount: -7_980 }])).toEqual([]);
  });

  it('reports a missing, a wrong and a stray discount posting', async () => {
    const missing = await books([order({})], []);
    expect(missing.map((e) => [e.type, e.ref])).toEqual([['missing_posting', 'TR1']]);
    const wrong = await books([order({})], [{ refId: 'TR1', onAccount: -100 }]);
    expect(wrong.map((e) => [e.type, e.ref])).toEqual([['unexpected_posting', 'TR1']]);
    const unpaid = await books([order({ status: 'cancelled' })], [{ refId: 'TR1', onAccount: -7_980 }]);
    expect(unpaid.map((e) => [e.type, e.ref])).toEqual([['unexpected_posting', 'TR1']]);
    const stray = await books([], [{ refId: 'TR9', onAccount: -7_980 }]);
    expect(stray.map((e) => [e.type, e.ref])).toEqual([['posting_without_order', 'TR9']]);
  });
});

/** A mystery pack (decision 043) is a mall sale: a paid `pack` order wants its receipt and one `mall_sale`. */
describe('reconcileBooks: pack orders', () => {
  const pack: SettledOrderFacts = {
    orderNo: 'TRPACK1',
    type: 'pack',
    status: 'paid',
    provider: 'sandbox',
    amountCents: 7_600,
    discountCents: 0,
  };
  const books = (kindsBooked: string[]) =>
    reconcileBooks({
      orders: [pack],
      async postings(kinds, accountId) {
        if (accountId !== accounts.ordersClearing.id) return [];
        const amount = (k: string) => (k === 'payment_received' ? pack.amountCents : -pack.amountCents);
        return kindsBooked
          .map((kind) => ({ kind, refId: pack.orderNo, onAccount: amount(kind) }))
          .filter((p) => kinds.includes(p.kind));
      },
      refunds: [],
      orderRefunds: [],
      audit: { accounts: [], unbalanced: [] },
      total: 0,
    });

  it('finds nothing with its receipt and its mall sale, and reports the sale missing', async () => {
    expect(await books(['payment_received', 'mall_sale'])).toEqual([]);
    const missing = await books(['payment_received']);
    expect(missing.map((e) => [e.type, e.ref])).toContainEqual(['missing_posting', 'TRPACK1']);
  });
});

/**
 * An operator's refunds of a paid order (decision 050): the order keeps its receipt and its sale, and each refund has
 * its `order_refund` posting (platform sales back to the buyer's balance, or to refunds payable with a refund record).
 */
describe('reconcileBooks: refunds of paid orders', () => {
  const order: SettledOrderFacts = {
    orderNo: 'TRREF1',
    type: 'product',
    status: 'paid',
    provider: 'sandbox',
    amountCents: 31_920,
    discountCents: 7_980,
  };
  // HK$100 to the balance, then the rest through the provider: their perk parts add up to the whole discount.
  const first = perkPartOf(7_980, 31_920, 0, 10_000);
  const refunds: OrderRefundFacts[] = [
    { id: 'ordr_1', orderNo: 'TRREF1', amount: 10_000, perkPart: first, toBalance: true, refundId: null },
    {
      id: 'ordr_2',
      orderNo: 'TRREF1',
      amount: 21_920,
      perkPart: perkPartOf(7_980, 31_920, 10_000, 21_920),
      toBalance: false,
      refundId: 'rfd_2',
    },
  ];
  /** The books of `orders` with their refunds; `postings` on platform sales by refund id (default: as booked). */
  const books = (
    opts: { orders?: SettledOrderFacts[]; refunds?: OrderRefundFacts[]; onSales?: Record<string, number> } = {},
  ) => {
    const orders = opts.orders ?? [order];
    const rs = opts.refunds ?? refunds;
    const onSales = opts.onSales ?? Object.fromEntries(rs.map((r) => [r.id, -(r.amount + r.perkPart)]));
    const viaProvider = rs.filter((r) => !r.toBalance);
    return reconcileBooks({
      orders,
      async postings(kinds, accountId) {
        const out: { kind: string; refId: string; onAccount: number }[] = [];
        if (accountId === accounts.ordersClearing.id)
          for (const o of orders)
            out.push(
              { kind: 'payment_received', refId: o.orderNo, onAccount: o.amountCents },
              { kind: 'mall_sale', refId: o.orderNo, onAccount: -o.amountCents },
            );
        if (accountId === accounts.promotions.id)
          for (const o of orders) out.push({ kind: 'perk_discount', refId: o.orderNo, onAccount: -o.discountCents });
        if (accountId === accounts.sales.id)
          for (const [refId, onAccount] of Object.entries(onSales))
            out.push({ kind: 'order_refund', refId, onAccount });
        if (accountId === accounts.refundsPayable.id)
          for (const r of rs) out.push({ kind: 'order_refund', refId: r.id, onAccount: r.toBalance ? 0 : r.amount });
        return out.filter((p) => kinds.includes(p.kind));
      },
      refunds: viaProvider.map((r) => ({
        id: r.refundId!,
        orderNo: r.orderNo,
        postingRef: r.id,
        status: 'pending',
        amount: r.amount,
      })),
      orderRefunds: rs,
      audit: {
        accounts: [
          {
            id: accounts.refundsPayable.id,
            type: 'refunds_payable',
            userId: null,
            cached: viaProvider.reduce((s, r) => s + r.amount, 0),
            summed: viaProvider.reduce((s, r) => s + r.amount, 0),
          },
        ],
        unbalanced: [],
      },
      total: 0,
    });
  };
  const found = async (opts: Parameters<typeof books>[0]) => (await books(opts)).map((e) => [e.type, e.ref]);

  it('accepts a paid order refunded in two parts, to the balance and through the provider', async () => {
    expect(refunds[0]!.perkPart + refunds[1]!.perkPart).toBe(7_980);
    expect(await books()).toEqual([]);
  });

  it('reports a refund without its posting, a posting of the wrong amount and a posting without its refund', async () => {
    expect(await found({ onSales: { ordr_2: -(21_920 + refunds[1]!.perkPart) } })).toEqual([
      ['missing_posting', 'ordr_1'],
    ]);
    const wrong = { ordr_1: -10_000, ordr_2: -(21_920 + refunds[1]!.perkPart) };
    expect(await found({ onSales: wrong })).toEqual([['unexpected_posting', 'ordr_1']]);
    const stray = { ...Object.fromEntries(refunds.map((r) => [r.id, -(r.amount + r.perkPart)])), ordr_9: -100 };
    expect(await found({ onSales: stray })).toEqual([['posting_without_order', 'ordr_9']]);
  });

  it('reports refunds beyond what was paid, and a refund of an order that is not paid', async () => {
    const third = { ...refunds[0]!, id: 'ordr_3', amount: 1, perkPart: 0 };
    expect(await found({ refunds: [...refunds, third] })).toEqual([['unexpected_posting', 'TRREF1']]);
    const unpaid = { ...order, status: 'cancelled' as const };
    const out = await found({ orders: [unpaid] });
    expect(out).toContainEqual(['unexpected_posting', 'ordr_1']);
    expect(out).toContainEqual(['unexpected_posting', 'ordr_2']);
  });

  it('shares a perk discount among partial refunds so they add up to it', () => {
    let before = 0;
    let parts = 0;
    for (const amount of [1, 333, 10_000, 7, 21_579]) {
      parts += perkPartOf(7_980, 31_920, before, amount);
      before += amount;
    }
    expect(before).toBe(31_920);
    expect(parts).toBe(7_980);
    expect(perkPartOf(0, 31_920, 0, 100)).toBe(0);
  });
});

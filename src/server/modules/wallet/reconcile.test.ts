import { describe, expect, it } from 'vitest';
import { accounts } from './accounts';
import { reconcileBooks, type SettledOrderFacts } from './reconcile';

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
      audit: { accounts: [], unbalanced: [] },
      total: 0,
    });

  it('finds nothing with its receipt and its mall sale, and reports the sale missing', async () => {
    expect(await books(['payment_received', 'mall_sale'])).toEqual([]);
    const missing = await books(['payment_received']);
    expect(missing.map((e) => [e.type, e.ref])).toContainEqual(['missing_posting', 'TRPACK1']);
  });
});

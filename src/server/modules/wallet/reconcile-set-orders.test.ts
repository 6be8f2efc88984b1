import { describe, expect, it } from 'vitest';
import { accounts } from './accounts';
import { reconcileBooks, type SettledOrderFacts } from './reconcile';

type Posting = { kind: string; refId: string; onAccount: number };

/**
 * A `set` order (decision 042) books a `set_sale` per seller of its market cards and, since issue 44, one `mall_sale`
 * of its mall cards: either may be absent, together they clear the order, and no other kind belongs to it.
 */
describe('reconcileBooks: set orders from the market and the mall', () => {
  const set: SettledOrderFacts = {
    orderNo: 'TRSET1',
    type: 'set',
    status: 'paid',
    provider: 'sandbox',
    amountCents: 15_800,
    discountCents: 0,
  };
  const receipt = { kind: 'payment_received', refId: 'TRSET1', onAccount: 15_800 };
  const sellerPart = { kind: 'set_sale', refId: 'TRSET1:u_seller', onAccount: -5_000 };
  const mallPart = { kind: 'mall_sale', refId: 'TRSET1', onAccount: -10_800 };
  /** `clearing`: the postings of orders clearing. Cast: the input's other members are another part's (refunds). */
  const books = (orders: SettledOrderFacts[], clearing: Posting[]) =>
    reconcileBooks({
      orders,
      async postings(kinds: string[], accountId: string) {
        return accountId === accounts.ordersClearing.id ? clearing.filter((p) => kinds.includes(p.kind)) : [];
      },
      refunds: [],
      orderRefunds: [],
      audit: { accounts: [], unbalanced: [] },
      total: 0,
    } as Parameters<typeof reconcileBooks>[0]);
  const found = async (orders: SettledOrderFacts[], clearing: Posting[]) =>
    (await books(orders, clearing)).map((e) => [e.type, e.ref]);

  it('accepts the sellers’ parts and the mall’s part, or either alone, when they clear the order', async () => {
    expect(await found([set], [receipt, sellerPart, mallPart])).toEqual([]);
    expect(await found([{ ...set, amountCents: 5_000 }], [{ ...receipt, onAccount: 5_000 }, sellerPart])).toEqual([]);
    expect(await found([{ ...set, amountCents: 10_800 }], [{ ...receipt, onAccount: 10_800 }, mallPart])).toEqual([]);
  });

  it('reports a set order with neither part, parts that do not clear it, or a kind not its own', async () => {
    expect(await found([set], [receipt])).toEqual([
      ['missing_posting', 'TRSET1'],
      ['clearing_not_netted', 'TRSET1'],
    ]);
    expect(await found([set], [receipt, sellerPart])).toEqual([['clearing_not_netted', 'TRSET1']]);
    const marketSale = { kind: 'market_sale', refId: 'TRSET1', onAccount: -10_800 };
    expect(await found([set], [receipt, sellerPart, marketSale])).toEqual([['unexpected_posting', 'TRSET1']]);
    // A `mall_sale` still belongs to mall orders alone among the others: a market order with one is reported.
    const market: SettledOrderFacts = { ...set, orderNo: 'TRMKT1', type: 'market', amountCents: 10_800 };
    const misbooked = [
      { ...receipt, refId: 'TRMKT1', onAccount: 10_800 },
      { ...mallPart, refId: 'TRMKT1' },
    ];
    expect(await found([market], misbooked)).toEqual([
      ['missing_posting', 'TRMKT1'],
      ['unexpected_posting', 'TRMKT1'],
    ]);
  });
});

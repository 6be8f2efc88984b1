import { describe, expect, it } from 'vitest';
import { marketPriceOf, median, type SaleFact } from './market-price';
import { historyOf } from './price-history';

const NOW = new Date('2026-11-26T04:00:00.000Z');
const DAY = 86_400_000;
let seq = 0;
/** A sale `daysAgo` before NOW between two fresh accounts unless told. */
const sale = (price: number, daysAgo: number, over: Partial<SaleFact> = {}): SaleFact => {
  seq++;
  return {
    id: `s${seq}`,
    itemId: `item${seq}`,
    sellerId: `seller${seq}`,
    buyerId: `buyer${seq}`,
    price,
    at: new Date(NOW.getTime() - daysAgo * DAY),
    sharedPayout: false,
    ...over,
  };
};
const honest = () => [10000, 10200, 9800, 10100, 9900, 10000].map((p, i) => sale(p, 2 + i * 3));

describe('market price', () => {
  it('is the median of the last 30 days, with its sample; thin under 5', () => {
    expect(marketPriceOf(honest(), NOW)).toEqual({ price: 10000, sample: 6, thin: false });
    expect(marketPriceOf(honest().slice(0, 4), NOW)).toEqual({ price: 10050, sample: 4, thin: true });
    expect(marketPriceOf([], NOW)).toEqual({ price: null, sample: 0, thin: true });
    expect(median([3, 1, 2])).toBe(2);
  });

  it('takes the last 10 sales when the 30 days have fewer', () => {
    const old = Array.from({ length: 12 }, (_, i) => sale(5000 + i * 100, 40 + i));
    // 2 recent + the 8 newest of the old ones (40…47 days ago: 5000…5700).
    const p = marketPriceOf([sale(6000, 1), sale(6000, 2), ...old], NOW);
    expect(p.sample).toBe(10);
    expect(p.price).toBe(5450);
  });

  it('ignores wash trades and outliers: a shared payout account, A → B → A within 7 days, 3× / ⅓ of the rest', () => {
    const planted = [
      // Two accounts paid into one bank account trade at double the price.
      sale(20000, 1, { sharedPayout: true }),
      sale(20000, 2, { sharedPayout: true }),
      sale(20000, 3, { sharedPayout: true }),
      // The same card goes alice → bob → alice in 6 days.
      sale(25000, 9, { itemId: 'loop', sellerId: 'alice', buyerId: 'bob' }),
      sale(26000, 3, { itemId: 'loop', sellerId: 'bob', buyerId: 'alice' }),
      // A fat finger and a giveaway.
      sale(50000, 4),
      sale(100, 5),
    ];
    expect(marketPriceOf([...honest(), ...planted], NOW)).toEqual({ price: 10000, sample: 6, thin: false });
  });

  it('keeps a round trip slower than 7 days, and judges no outlier against fewer than 3 other sales', () => {
    const slow = [
      sale(10000, 20, { itemId: 'x', sellerId: 'a', buyerId: 'b' }),
      sale(10000, 10, { itemId: 'x', sellerId: 'b', buyerId: 'a' }),
    ];
    expect(marketPriceOf(slow, NOW).sample).toBe(2);
    expect(marketPriceOf([sale(100, 1), sale(10000, 2)], NOW)).toEqual({ price: 5050, sample: 2, thin: true });
  });

  it("history: one point per Hong Kong day of counted sales, each sale marked, and the range's change", () => {
    const sales = [
      ...honest(),
      sale(20000, 1, { sharedPayout: true }),
      sale(50000, 4),
      sale(8000, 60),
      sale(8000, 61),
      sale(8000, 62),
    ];
    const h = historyOf(sales, '30d', NOW);
    // 8 sales in the 30 days: the last 10 are taken, two of the 80.00 ones among them.
    expect(h.marketPrice).toEqual({ price: 9950, sample: 8, thin: false });
    expect(h.points.reduce((n, p) => n + p.count, 0)).toBe(6);
    expect(h.sales).toHaveLength(8);
    expect(h.sales.filter((s) => s.excluded).map((s) => s.reason)).toEqual(['shared_payout', 'outlier']);
    // Before the 30 days the market price was the three 80.00 sales'.
    expect(h.startPrice).toBe(8000);
    expect(h.change).toBe(1950);
    expect(h.changePct).toBe(24.4);
    const week = historyOf(sales, '7d', NOW);
    expect(week.points.every((p) => p.day >= '2026-11-20')).toBe(true);
    expect(historyOf(sales, 'all', NOW).sales).toHaveLength(11);
  });
});

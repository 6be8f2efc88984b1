import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardInfoDetail } from '../../../shared/schemas/prices';
import type { MarketDetail } from '../../../shared/schemas/market';
import type { PriceHistory } from '../../../shared/schemas/prices';
import { newId } from '../../adapters/ids';
import { saleItems, sales } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { createBuyers } from '../pay-orders/pay-orders.fixtures';

const DAY = 86_400_000;

/**
 * Market prices through the API on a migrated database: trades planted as sale records (each way of trading has its
 * own tests; offers-market-price.test.ts makes one through the API), wash trades among them, and the answers that must
 * not be moved by them (decisions 032, 049).
 */
describe('market price API', () => {
  let t: TestApp;
  const ci = 'pr0_c1';
  const other = 'pr0_c2';
  let users: { id: string }[];

  /** A completed trade of `itemId` from `seller` to `buyer`, `daysAgo` before now, as its workflow records it. */
  const plant = async (
    seller: string,
    buyer: string,
    price: number,
    daysAgo: number,
    itemId = newId('crd'),
    over: Partial<typeof sales.$inferInsert> = {},
  ) => {
    const at = new Date(t.clock.now().getTime() - daysAgo * DAY);
    const id = newId('sale');
    await t.db.insert(sales).values({
      id,
      way: 'listing',
      kind: 'card',
      buyerId: buyer,
      sellerId: seller,
      cardInfoId: ci,
      itemName: '火焰龍',
      quantity: 1,
      price,
      fee: Math.round(price / 20),
      sourceKind: 'listing',
      sourceId: newId('lst'),
      createdAt: at,
      ...over,
    });
    await t.db.insert(saleItems).values({ saleId: id, itemId, cost: price, costRule: 'paid' });
  };
  const history = (query: Record<string, string>) => t.call<PriceHistory>('GET', 'cardInfo/priceHistory', { query });

  beforeAll(async () => {
    t = await createTestApp();
    await addTheme(t, 'pr0', [
      { id: ci, name: '火焰龍', rarity: 'SSR' },
      { id: other, name: '北方玄武', rarity: 'SR' },
    ]);
    users = await createBuyers(t.db, 10, t.clock.now());
    const [a, b, c, d, e, f, w1, w2] = users.map((u) => u.id) as string[];
    // Honest trades around HK$100.
    const honest: [string, string, number, number][] = [
      [a!, b!, 10000, 2],
      [c!, d!, 10200, 5],
      [e!, f!, 9800, 8],
      [b!, c!, 10100, 11],
      [d!, e!, 9900, 14],
      [f!, a!, 10000, 17],
    ];
    for (const [s, bu, p, days] of honest) await plant(s, bu, p, days);
    // Two accounts paid into one bank account (typed differently) trade at double the price.
    const identity = t.app.services.identity;
    await identity.savePayoutAccount(w1!, { method: 'bank', accountName: 'WASH ONE', accountNo: '004-123 456789' });
    await identity.savePayoutAccount(w2!, { method: 'fps', accountName: 'WASH TWO', accountNo: '004123456789' });
    for (const days of [1, 3, 4]) await plant(w1!, w2!, 20000, days);
    // The same card goes a → b → a within 6 days, at a quarter more.
    await plant(a!, b!, 25000, 9, 'crd_loop');
    await plant(b!, a!, 26000, 3, 'crd_loop');
    // A fat finger and a giveaway.
    await plant(c!, e!, 50000, 4);
    await plant(d!, f!, 100, 6);
  });
  afterAll(() => t.close());

  it('leaves the wash trades and outliers out of the market price, beside the floor on the details', async () => {
    const expected = { price: 10000, sample: 6, thin: false };
    const detail = await t.call<MarketDetail>('GET', 'market/detail', { query: { cardInfoId: ci, sell_type: '0' } });
    expect(detail.data.marketPrice).toEqual(expected);
    const mall = await t.call<CardInfoDetail>('GET', 'cardInfo/detail', { query: { id: ci } });
    expect(mall.data.marketPrice).toEqual(expected);
    const prices = await t.app.services.prices.marketPrices('card', [ci, 'pr0_none']);
    expect(prices.get('pr0_none')).toEqual({ price: null, sample: 0, thin: true });
  });

  it('priceHistory: points per day, the change, and every sale marked with why it is left out', async () => {
    const res = await history({ id: ci, range: '30d' });
    expect(res.status).toBe(200);
    const h = res.data;
    expect(h.marketPrice).toEqual({ price: 10000, sample: 6, thin: false });
    expect(h.points.reduce((n, p) => n + p.count, 0)).toBe(6);
    expect(h.sales).toHaveLength(13);
    const reasons = h.sales.filter((s) => s.excluded).map((s) => s.reason);
    expect(reasons.sort()).toEqual([
      'outlier',
      'outlier',
      'round_trip',
      'round_trip',
      ...Array(3).fill('shared_payout'),
    ]);
    expect(h.startPrice).toBeNull();
    expect((await history({ id: ci, range: '7d' })).data.sales.length).toBeLessThan(13);
  });

  it('counts every way of trading between users, and neither the platform’s sales nor a trade refunded in full', async () => {
    const [a, b, c, d] = users.map((u) => u.id) as string[];
    const on = { cardInfoId: other, itemName: '北方玄武' };
    await plant(a!, b!, 2_000, 5, undefined, { ...on, way: 'bid', sourceKind: 'bid' });
    await plant(c!, d!, 2_400, 4, undefined, { ...on, refunded: 100 });
    // An accepted offer: no market order, its own sale id.
    await plant(b!, c!, 2_200, 3, undefined, { ...on, way: 'offer', sourceKind: 'offer' });
    // The mall sold one (no seller), and a trade an operator refunded in full.
    await plant(a!, d!, 99_900, 2, undefined, { ...on, way: 'drop', sellerId: null, sourceKind: 'card_info' });
    await plant(d!, a!, 80_000, 1, undefined, { ...on, refunded: 80_000 });
    const prices = t.app.services.prices;
    expect(await prices.marketPrice('card', other)).toEqual({ price: 2_200, sample: 3, thin: true });
    expect((await prices.lastSales('card', [other, 'pr0_none'])).get(other)?.price).toBe(2_200);
    expect((await prices.lastSales('card', ['pr0_none'])).size).toBe(0);
    expect((await prices.recentSales('card', other, 2)).map((x) => x.price)).toEqual([2_200, 2_400]);
    expect((await history({ id: other, range: '7d' })).data.sales.map((x) => x.price)).toEqual([2_200, 2_400, 2_000]);
  });

  it('refuses a range that is not one of the four (400) and an unknown card (404), in Chinese', async () => {
    const bad = await history({ id: ci, range: '1y' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/時間範圍/);
    const missing = await history({ id: 'nope', range: '7d' });
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('找不到這張卡牌');
    const goods = await t.call('GET', 'product/priceHistory', { query: { id: 'nope' } });
    expect(goods.status).toBe(404);
  });
});

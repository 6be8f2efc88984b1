import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, MarketDetail, MarketRow } from '../../shared/schemas/market';
import { seedDemo } from '../db/seed';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoMarket } from './market-demo';

describe('demo market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.clock.now());
  });
  afterAll(() => t.close());

  it('gives a new user a living market: sell and buy listings and a sales history, once', async () => {
    expect(await seedDemoMarket(t.app.deps)).toBe(true);
    expect(await seedDemoMarket(t.app.deps)).toBe(false);
    const sells = (await t.call<MarketRow[]>('GET', 'cardInfo/marketList', { query: { sell_type: '0' } })).data;
    const bids = (await t.call<MarketRow[]>('GET', 'cardInfo/marketList', { query: { sell_type: '1' } })).data;
    console.log(`demo market: ${sells.length} card infos on sale, ${bids.length} with bids`);
    expect(sells.length).toBeGreaterThanOrEqual(4);
    expect(bids.length).toBeGreaterThanOrEqual(1);
    const withHistory = sells.find((r) => r.lastSale !== null)!;
    expect(withHistory).toBeDefined();
    const detail = (await t.call<MarketDetail>('GET', 'market/detail', { query: { cardInfoId: withHistory.id } })).data;
    expect(detail.sales.length).toBeGreaterThanOrEqual(3);
    expect(new Set(detail.sales.map((s) => s.at)).size).toBe(detail.sales.length);
    const list = (await t.call<Listing[]>('GET', 'market/list', { query: {} })).data;
    expect(list.every((l) => l.user.nickname.length > 0)).toBe(true);
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, MarketDetail, MarketRow } from '../../shared/schemas/market';
import { cardInfos, listings } from '../db/schema';
import { seedDemo } from '../db/seed';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ASK_BAND, RARITY_FACTOR } from './demo-prices';
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
    // The books after the demo (decision 025): the trial balance nets to 0 and reconciliation finds nothing.
    const { ledger } = t.app.services;
    const books = await ledger.trialBalance({ userId: '', sessionId: 'demo', roles: ['admin'], requestId: 'demo' });
    console.log(
      `demo books: ${books.accounts
        .filter((a) => a.accounts > 0)
        .map((a) => `${a.type} ${a.balance} over ${a.accounts}`)
        .join(', ')}; total ${books.total}`,
    );
    expect(books.total).toBe(0);
    expect((await ledger.reconcile()).exceptions).toEqual([]);
  });

  it('prices believably: asks near mall price × rarity, a UR never below an SSR, every bid below every ask', async () => {
    const open = await t.db
      .select({
        sellType: listings.sellType,
        price: listings.price,
        cardInfoId: listings.cardInfoId,
        rarity: cardInfos.rarity,
        mall: cardInfos.priceCents,
      })
      .from(listings)
      .innerJoin(cardInfos, eq(cardInfos.id, listings.cardInfoId))
      .where(and(eq(listings.kind, 'card'), eq(listings.status, 'active')));
    const asks = open.filter((l) => l.sellType === 'sell');
    const bids = open.filter((l) => l.sellType === 'buy');
    expect(asks.length).toBeGreaterThanOrEqual(8);
    for (const a of asks) {
      const ratio = a.price / (a.mall! * RARITY_FACTOR[a.rarity]);
      expect(ratio, `${a.cardInfoId} asks ${a.price} (mall ${a.mall}, ${a.rarity})`).toBeGreaterThanOrEqual(
        ASK_BAND.min,
      );
      expect(ratio, `${a.cardInfoId} asks ${a.price} (mall ${a.mall}, ${a.rarity})`).toBeLessThanOrEqual(ASK_BAND.max);
    }
    const of = (rarity: string) => asks.filter((a) => a.rarity === rarity).map((a) => a.price);
    expect(of('UR').length).toBeGreaterThan(0);
    expect(Math.min(...of('UR'))).toBeGreaterThanOrEqual(Math.max(...of('SSR')));
    expect(bids.length).toBeGreaterThanOrEqual(3);
    for (const b of bids) {
      const cardAsks = asks.filter((a) => a.cardInfoId === b.cardInfoId).map((a) => a.price);
      expect(cardAsks.length).toBeGreaterThan(0);
      expect(b.price, b.cardInfoId!).toBeLessThan(Math.min(...cardAsks));
    }
  });
});

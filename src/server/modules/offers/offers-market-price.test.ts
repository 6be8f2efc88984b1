import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPrice } from '../../../shared/schemas/market';
import type { Actor } from '../auth/auth.service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { giveCard, trader } from '../market/market.fixtures';
import { credit, newCardInfo } from './offers.fixtures';
import { createOffersService, type OffersService } from './offers.service';

/** The rules that read the market price: the owner's auto-decline share and the under-half warning. */
describe('offers and the market price', () => {
  let t: TestApp;
  let offers: OffersService;
  const prices = new Map<string, number | null>();

  beforeAll(async () => {
    t = await createTestApp();
    const s = t.app.services;
    // The market price of each card info is what the test says (its median of sales has its own tests).
    const fakePrices = {
      async marketPrices(_kind: 'card' | 'goods', ids: string[]) {
        return new Map<string, MarketPrice>(
          ids.map((id) => [id, { price: prices.get(id) ?? null, sample: 5, thin: false }]),
        );
      },
    };
    // The app's own offers service registered the `offer` pay-order type already: this second one does not again.
    // Nor does it listen to item departures (the app's one does).
    const payOrders = { ...s.payOrders, registerOrderType: () => undefined };
    const departures = { listen: () => undefined };
    offers = createOffersService(t.app.deps, { ...s, payOrders, departures, prices: fakePrices });
  });
  afterAll(() => t.close());

  async function setUp(marketPrice: number | null) {
    const seller = await trader(t);
    const buyer = await trader(t);
    await credit(t, buyer.userId, 100_000);
    const cardInfoId = await newCardInfo(t);
    prices.set(cardInfoId, marketPrice);
    const card = await giveCard(t, seller.userId, cardInfoId);
    const actor = (u: { userId: string }): Actor => ({ userId: u.userId, sessionId: 'test', roles: ['user'] });
    return { seller: actor(seller), buyer: actor(buyer), card };
  }
  const make = (buyer: Actor, itemId: string, price: number) =>
    offers.create(buyer, { kind: 'card', itemId, price, expiresInHours: 24 });

  it('declines at once under the owner’s share of the market price, moving no money', async () => {
    const { seller, buyer, card } = await setUp(10_000);
    await offers.saveSettings(seller, { kind: 'card', itemId: card, allowOffers: true, autoDeclinePct: 80 });
    await expect(make(buyer, card, 7_999)).rejects.toMatchObject({
      kind: 'conflict',
      message: '物主不接受低於市價 80% 的出價，請出價最少 HK$80.00',
    });
    expect((await t.app.services.wallet.balancesOf(t.db, buyer.userId)).escrow).toBe(0);
    const ok = await make(buyer, card, 8_000);
    expect(ok).toMatchObject({ status: 'open', marketPrice: 10_000, warning: null });
  });

  it('warns under half the market price, and not without one', async () => {
    const low = await setUp(10_000);
    expect((await make(low.buyer, low.card, 4_999)).warning).toContain('低於市價');
    expect((await make(low.buyer, await giveCard(t, low.seller.userId, await newCardInfo(t)), 100)).warning).toBeNull();
  });
});

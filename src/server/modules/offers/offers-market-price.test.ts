import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult, MarketPrice } from '../../../shared/schemas/market';
import type { CreateOfferResult } from '../../../shared/schemas/offers';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { PriceHistory } from '../../../shared/schemas/prices';
import type { MyFeedback } from '../../../shared/schemas/standing';
import { sales } from '../../db/schema';
import type { Actor } from '../auth/auth.service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';
import { credit, newCardInfo } from './offers.fixtures';
import { createOffersService, type OffersService } from './offers.service';

/**
 * The rules that read the market price (the owner's auto-decline share and the under-half warning), and an accepted
 * offer as the market price, 最近成交 and the ratings see it (its sale, decision 049).
 */
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

  it('moves the market price and 最近成交 with an accepted counter-offer, and lets both sides rate it once', async () => {
    type User = { userId: string; token: string };
    const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
      t.call<T>('POST', path, { token: u.token, body, headers });
    const listCard = async (u: User, itemId: string, price: number) =>
      (await post<CreateListingResult>('market/create', u, { sell_type: 0, kind: 'card', itemId, price })).data.listing
        .id;
    const cardInfoId = await newCardInfo(t);
    const [a, b, c, d] = [await trader(t), await trader(t), await trader(t), await trader(t)];
    await credit(t, b.userId, 100_000);
    // C sold one to D at HK$19 through a listing: the market price and 最近成交 say HK$19.
    const first = await listCard(c, await giveCard(t, c.userId, cardInfoId), 1_900);
    const order = await post<PayOrder>(
      'payOrder/create',
      d,
      { type: 'market', listingId: first },
      { 'Idempotency-Key': freshKey() },
    );
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.data.orderNo}/confirm` })).statusCode).toBe(
      303,
    );
    const real = t.app.services.prices;
    expect(await real.marketPrice('card', cardInfoId)).toEqual({ price: 1_900, sample: 1, thin: true });

    // A lists at HK$25; B offers HK$19; A counters HK$22; B accepts.
    const card = await giveCard(t, a.userId, cardInfoId);
    const listing = await listCard(a, card, 2_500);
    const offer = (
      await post<CreateOfferResult>('offer/create', b, {
        kind: 'card',
        itemId: card,
        price: 1_900,
        expiresInHours: 24,
        listingId: listing,
      })
    ).data.id;
    expect((await post('offer/counter', a, { id: offer, price: 2_200 })).status).toBe(200);
    expect((await post('offer/accept', b, { id: offer, price: 2_200 })).status).toBe(200);

    expect(await real.marketPrice('card', cardInfoId)).toEqual({ price: 2_050, sample: 2, thin: true });
    expect((await real.lastSales('card', [cardInfoId])).get(cardInfoId)?.price).toBe(2_200);
    const history = await t.call<PriceHistory>('GET', 'cardInfo/priceHistory', {
      query: { id: cardInfoId, range: '30d' },
    });
    expect(history.data.sales.map((x) => [x.price, x.excluded])).toEqual([
      [2_200, false],
      [1_900, false],
    ]);

    // The offer's sale is what both sides rate: once each, and nobody else.
    const [sale] = await t.db
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.sourceKind, 'offer'), eq(sales.sourceId, offer)));
    const orderId = sale!.id;
    expect(orderId).toMatch(/^sale_/);
    for (const u of [a, b])
      expect(
        (await t.call<MyFeedback>('GET', 'market/feedback/mine', { token: u.token, query: { orderId } })).data,
      ).toMatchObject({ feedback: null, canCreate: true });
    expect(await post('market/feedback/create', b, { orderId, rating: 'up' })).toMatchObject({
      status: 200,
      data: { authorRole: 'buyer' },
    });
    expect(await post('market/feedback/create', a, { orderId, rating: 'up', comment: '爽快' })).toMatchObject({
      status: 200,
      data: { authorRole: 'seller' },
    });
    expect((await post('market/feedback/create', a, { orderId, rating: 'down' })).status).toBe(409);
    expect((await post('market/feedback/create', await signIn(t), { orderId, rating: 'up' })).status).toBe(404);

    // An offer on an item not listed writes no listing: its sale alone moves the price kept in memory.
    const other = await giveCard(t, a.userId, cardInfoId);
    const straight = (
      await post<CreateOfferResult>('offer/create', b, {
        kind: 'card',
        itemId: other,
        price: 2_400,
        expiresInHours: 24,
      })
    ).data.id;
    expect((await post('offer/accept', a, { id: straight })).status).toBe(200);
    expect(await real.marketPrice('card', cardInfoId)).toEqual({ price: 2_200, sample: 3, thin: true });
  });
});

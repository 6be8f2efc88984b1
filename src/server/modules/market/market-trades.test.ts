import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminListing } from '../../../shared/schemas/admin-market';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import type { CreateListingResult, MarketOrder } from '../../../shared/schemas/market';
import type { DeskListing, MarketOrderDetail } from '../../../shared/schemas/market-desk';
import type { CreateOfferResult, OfferDetail } from '../../../shared/schemas/offers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { credit, newCardInfo } from '../offers/offers.fixtures';
import { giveCard, trader } from './market.fixtures';

const ADMIN_PHONE = '+85291230066';
type User = { userId: string; token: string };

/**
 * Decision 049: a trade settled by an accepted counter-offer writes no market order, only its sale; every history,
 * the order detail, the desk, the back office and the dashboard read that sale (the issue 44 walk: listed at HK$25,
 * offered HK$19, countered HK$22, accepted).
 */
describe('an accepted counter-offer in every view of a completed trade', () => {
  let t: TestApp;
  let op: User;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
    op = await signIn(t, ADMIN_PHONE);
  });
  afterAll(() => t.close());

  const post = <T>(path: string, u: User, body: unknown) => t.call<T>('POST', path, { token: u.token, body });
  const get = <T>(path: string, u: User, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u.token, query });

  it('shows in 市場買入, 市場賣出, the order detail, the desk as 已成交, the admin listing as sold and the dashboard', async () => {
    t.clock.set(new Date('2026-12-01T04:00:00Z'));
    const seller = await trader(t);
    const buyer = await trader(t);
    await credit(t, buyer.userId, 10_000);
    const card = await giveCard(t, seller.userId, await newCardInfo(t));
    const listing = (
      await post<CreateListingResult>('market/create', seller, {
        sell_type: 0,
        kind: 'card',
        itemId: card,
        price: 2_500,
      })
    ).data.listing;
    const offer = (
      await post<CreateOfferResult>('offer/create', buyer, {
        kind: 'card',
        itemId: card,
        listingId: listing.id,
        price: 1_900,
        expiresInHours: 48,
      })
    ).data;
    expect((await post('offer/counter', seller, { id: offer.id, price: 2_200 })).status).toBe(200);
    t.clock.advance(60_000);
    const accepted = await post<OfferDetail>('offer/accept', buyer, { id: offer.id, price: 2_200 });
    expect(accepted.data).toMatchObject({ status: 'accepted', price: 2_200 });

    // 市場買入: the buyer's trade, by way of the offer, at the countered price; the card's market purchases too.
    const bought = (await get<MarketOrder[]>('market/orderList', buyer, { role: 'buyer' })).data;
    expect(bought).toEqual([
      expect.objectContaining({
        way: 'offer',
        sell_type: 0,
        role: 'buyer',
        status: 'completed',
        listingId: listing.id,
        itemId: card,
        price: 2_200,
        counterparty: expect.objectContaining({ id: seller.userId }),
        completedAt: '2026-12-01T04:01:00.000Z',
      }),
    ]);
    const saleId = bought[0]!.id;
    expect(saleId).toMatch(/^sale_/);
    expect((await get<MarketOrder[]>('card/marketBuyList', buyer)).data.map((o) => o.id)).toEqual([saleId]);
    expect(
      (await get<MarketOrder[]>('market/orderList', buyer, { role: 'buyer', status: 'completed' })).data,
    ).toHaveLength(1);
    expect((await get<MarketOrder[]>('market/orderList', buyer, { role: 'buyer', status: 'pending' })).data).toEqual(
      [],
    );

    // 市場賣出: the seller's, with the fee on the price agreed (5 %, at least HK$1).
    const sold = (await get<MarketOrder[]>('market/orderList', seller, { role: 'seller' })).data;
    expect(sold).toEqual([
      expect.objectContaining({ id: saleId, way: 'offer', role: 'seller', price: 2_200, fee: 110, proceeds: 2_090 }),
    ]);
    expect((await get<MarketOrder[]>('market/orderList', seller, { role: 'buyer' })).data).toEqual([]);

    // The order detail opens by the sale's id for both sides (the rating sheet's order id), never for a stranger.
    const detail = (u: User) => get<MarketOrderDetail>('market/orderDetail', u, { id: saleId });
    const asBuyer = (await detail(buyer)).data;
    expect(asBuyer).toMatchObject({ way: 'offer', role: 'buyer', price: 2_200, paymentMethod: '錢包餘額' });
    expect(asBuyer.timeline).toEqual([
      { kind: 'completed', label: '議價成交，物品已轉移', at: '2026-12-01T04:01:00.000Z' },
    ]);
    expect((await detail(seller)).data).toMatchObject({ role: 'seller', proceeds: 2_090 });
    expect(await detail(await signIn(t))).toMatchObject({ status: 404, msg: '找不到此訂單' });
    // …and both rate each other on it.
    for (const u of [buyer, seller])
      expect((await post('market/feedback/create', u, { orderId: saleId, rating: 'up' })).status).toBe(200);

    // The desk: the listing ended 已成交 by the offer, at the price agreed, not cancelled.
    const ended = (await get<DeskListing[]>('market/mine', seller, { view: 'ended' })).data;
    expect(ended).toEqual([
      expect.objectContaining({
        id: listing.id,
        status: 'sold',
        price: 2_500,
        sales: [expect.objectContaining({ id: saleId, way: 'offer', price: 2_200, fee: 110 })],
      }),
    ]);
    expect(ended[0]!.sales[0]!.counterparty.id).toBe(buyer.userId);
    expect(ended[0]!.history.map((h) => [h.kind, h.price])).toEqual([
      ['listed', 2_500],
      ['sold', 2_200],
    ]);
    expect((await get<DeskListing[]>('market/mine', seller)).data).toEqual([]);

    // The back office: 市場掛單 shows it sold, with its sale.
    const admin = (await get<AdminListing[]>('admin/listings', op, { q: listing.id })).data;
    expect(admin).toEqual([
      expect.objectContaining({
        id: listing.id,
        status: 'sold',
        sales: [expect.objectContaining({ id: saleId, way: 'offer', price: 2_200 })],
      }),
    ]);
    expect(admin[0]!.sales[0]!.counterparty.id).toBe(buyer.userId);
    expect((await get<AdminListing[]>('admin/listings', op, { status: 'sold', q: listing.id })).data).toHaveLength(1);

    // The dashboard counts it: one sale that day, its price as GMV, its fee.
    const day = (await get<Dashboard>('admin/dashboard', op, { days: '1' })).data.daily[0]!;
    expect(day).toMatchObject({ date: '2026-12-01', sales: 1, gmv: 2_200, fees: 110 });
  });
});

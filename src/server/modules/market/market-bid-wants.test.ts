import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult, MarketDetail, MarketRow } from '../../../shared/schemas/market';
import type { NotificationPage } from '../../../shared/schemas/notifications';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, give } from '../collection/collection-fixtures';
import { freshKey, trader } from './market.fixtures';

type User = { userId: string; token: string };

/** Issue 44: a bid says how many it asks for and how many it still wants, on the market rows and the detail. */
describe('bids say how many', () => {
  let t: TestApp;
  let bidder: User;
  let holder: User;
  const ci = 'bw_c1';

  /** A paid (active) bid for `quantity` copies. */
  const activeBid = async (price: number, quantity: number) => {
    const created = await t.call<CreateListingResult>('POST', 'market/create', {
      token: bidder.token,
      body: { sell_type: 1, kind: 'card', cardInfoId: ci, price, quantity },
      headers: { 'Idempotency-Key': freshKey() },
    });
    expect(created.status).toBe(200);
    const orderNo = created.data.orderNo!;
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
    await t.call('GET', 'payOrder/payCheck', { token: bidder.token, query: { orderNo } });
    return created.data.listing;
  };
  const rows = async (side: '0' | '1') =>
    (await t.call<MarketRow[]>('GET', 'cardInfo/marketList', { query: { sell_type: side, themeId: 'bw' } })).data;

  beforeAll(async () => {
    t = await createTestApp();
    bidder = await trader(t);
    holder = await trader(t);
    await addTheme(t, 'bw', [{ id: ci, editionSize: 50 }]);
  });
  afterAll(() => t.close());

  it("answers the best bid's copies asked and filled on the bids side, and none on the asks side", async () => {
    await activeBid(3_000, 1);
    const best = await activeBid(3_300, 2);
    expect(await rows('1')).toMatchObject([{ id: ci, bestPrice: 3_300, bestWant: { quantity: 2, filled: 0 } }]);
    const [card] = await give(t, holder.userId, ci);
    const filled = await t.call('POST', 'market/confirmOrder', {
      token: holder.token,
      body: { listingId: best.id, itemId: card!.id },
    });
    expect(filled.status).toBe(200);
    expect(await rows('1')).toMatchObject([{ bestWant: { quantity: 2, filled: 1 } }]);
    // The bidder's notice says how many are still wanted.
    const told = await t.call<NotificationPage>('GET', 'notification/list', { token: bidder.token });
    expect(told.data.list.find((n) => n.kind === 'bidFilled')?.body).toMatch(
      /^你以 HK\$33\.00 求購的 .+ 已成交（求購 2 張，尚欠 1 張），已加入你的收藏$/,
    );
    const detail = await t.call<MarketDetail>('GET', 'market/detail', { query: { id: best.id } });
    expect(detail.data.listing).toMatchObject({ quantity: 2, filled: 1 });
    await give(t, holder.userId, ci);
    const [ask] = await give(t, holder.userId, ci);
    const listed = await t.call('POST', 'market/create', {
      token: holder.token,
      body: { sell_type: 0, kind: 'card', itemId: ask!.id, price: 5_000 },
      headers: { 'Idempotency-Key': freshKey() },
    });
    expect(listed.status).toBe(200);
    expect(await rows('0')).toMatchObject([{ id: ci, bestWant: null }]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreateListingResult,
  Listing,
  MarketDetail,
  MarketOrder,
  MarketRow,
} from '../../../shared/schemas/market';
import { cards } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, give } from '../collection/collection-fixtures';
import { freshKey, trader } from './market.fixtures';

type User = { userId: string; token: string };

/** Serial-range bids (issue 24): only a card whose serial is in the bid's range fills it. */
describe('serial-range bids', () => {
  let t: TestApp;
  let bidder: User;
  let holder: User;
  const ci = 'sr_c1';
  /** The holder's cards by serial. */
  const bySerial = new Map<number, string>();

  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const bid = (body: Record<string, unknown>) =>
    post<CreateListingResult>(
      'market/create',
      bidder,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price: 5_000, ...body },
      { 'Idempotency-Key': freshKey() },
    );
  /** A paid (active) bid. */
  const activeBid = async (body: Record<string, unknown>) => {
    const created = await bid(body);
    expect(created.status).toBe(200);
    const orderNo = created.data.orderNo!;
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
    await t.call('GET', 'payOrder/payCheck', { token: bidder.token, query: { orderNo } });
    return created.data.listing;
  };
  const fill = (listingId: string, serial: number) =>
    post<MarketOrder>('market/confirmOrder', holder, { listingId, itemId: bySerial.get(serial)! });

  beforeAll(async () => {
    t = await createTestApp();
    bidder = await trader(t);
    holder = await trader(t);
    await addTheme(t, 'sr', [{ id: ci, name: '序號龍', editionSize: 50 }]);
    for (const c of await give(t, holder.userId, ci, 12)) bySerial.set(c.serial, c.id);
  });
  afterAll(() => t.close());

  it('shows the best bid’s range on the bids side of the market rows', async () => {
    await addTheme(t, 'sr2', [{ id: 'sr2_c1', editionSize: 50 }]);
    const rows = async () =>
      (
        await t.call<MarketRow[]>('GET', 'cardInfo/marketList', {
          query: { sell_type: '1', themeId: 'sr2', pageSize: '10', page: '1' },
        })
      ).data;
    await activeBid({ cardInfoId: 'sr2_c1', price: 6_000, serialMin: 1, serialMax: 10 });
    await activeBid({ cardInfoId: 'sr2_c1', price: 5_000 });
    expect(await rows()).toMatchObject([{ id: 'sr2_c1', bestPrice: 6_000, count: 2, bestSerialRange: '#1–#10' }]);
    // A higher bid for any serial is the best one now.
    await activeBid({ cardInfoId: 'sr2_c1', price: 7_000 });
    expect(await rows()).toMatchObject([{ bestPrice: 7_000, bestSerialRange: null }]);
    // The sell side never names one.
    const asks = await t.call<MarketRow[]>('GET', 'cardInfo/marketList', { query: { sell_type: '0', themeId: 'sr' } });
    expect(asks.data.every((r) => r.bestSerialRange === null)).toBe(true);
  });

  it('refuses a bad range in zh-HK, and moves no money', async () => {
    expect(await bid({ serialMin: 10, serialMax: 1 })).toMatchObject({ status: 400, msg: '結束序號不可小於起始序號' });
    expect(await bid({ serialMin: 0, serialMax: 3 })).toMatchObject({ status: 400, msg: '序號最少為 1' });
    expect(await bid({ serialMin: 1.5, serialMax: 3 })).toMatchObject({ status: 400, msg: '序號必須是整數' });
    expect(await bid({ serialMin: 3 })).toMatchObject({
      status: 400,
      msg: '請同時填寫起始及結束序號（只要一個序號時，兩者填相同）',
    });
    expect(await bid({ serialMin: 1, serialMax: 51 })).toMatchObject({
      status: 400,
      msg: '此卡牌只發行 50 張，序號最多為 #50',
    });
    expect(
      await post(
        'market/create',
        bidder,
        { sell_type: 1, kind: 'goods', productId: 'prd_x', price: 5_000, serialMin: 1, serialMax: 1 },
        { 'Idempotency-Key': freshKey() },
      ),
    ).toMatchObject({ status: 400, msg: '只有求購卡牌時才可以指定序號' });
    const wallet = await t.app.services.wallet.audit();
    expect(wallet.unbalanced).toEqual([]);
  });

  it('fills a range bid only with a card in the range, and shows the range', async () => {
    const listing = await activeBid({ serialMin: 1, serialMax: 10, quantity: 2 });
    expect(listing).toMatchObject({ serialMin: 1, serialMax: 10, serialRange: '#1–#10' });
    expect(await fill(listing.id, 11)).toMatchObject({
      status: 409,
      msg: '此求購只收序號 #1–#10 的卡牌，你的卡牌序號為 #11',
    });
    expect(
      (
        await t.db
          .select()
          .from(cards)
          .where(eq(cards.id, bySerial.get(11)!))
      )[0],
    ).toMatchObject({
      ownerId: holder.userId,
      status: 'held',
    });
    expect((await fill(listing.id, 10)).status).toBe(200);
    expect((await fill(listing.id, 1)).status).toBe(200);
    const mine = await t.call<Listing[]>('GET', 'market/myList', { token: bidder.token, query: { sell_type: '1' } });
    expect(mine.data.find((l) => l.id === listing.id)).toMatchObject({
      status: 'sold',
      serialRange: '#1–#10',
      filled: 2,
    });
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
  });

  it('shows the range on the public detail of an open bid', async () => {
    const open = await activeBid({ serialMin: 2, serialMax: 4 });
    const detail = await t.call<MarketDetail>('GET', 'market/detail', { query: { id: open.id } });
    expect(detail.data.listing).toMatchObject({ serialRange: '#2–#4' });
    expect((await post<Listing>('market/cancel', bidder, { id: open.id })).data.status).toBe('cancelled');
  });

  it('takes exactly one serial when both ends are equal; a bid without a range takes any', async () => {
    const one = await activeBid({ serialMin: 7, serialMax: 7 });
    expect(one.serialRange).toBe('#7');
    expect(await fill(one.id, 8)).toMatchObject({ status: 409 });
    expect(await fill(one.id, 6)).toMatchObject({ status: 409 });
    expect((await fill(one.id, 7)).status).toBe(200);
    const any: Listing = await activeBid({});
    expect(any).toMatchObject({ serialMin: null, serialMax: null, serialRange: null });
    expect((await fill(any.id, 12)).status).toBe(200);
  });
});

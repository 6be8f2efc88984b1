import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { DeskListing } from '../../../shared/schemas/market-desk';
import { WATCH_LIMIT, type WatchItem, type WatchState, type WatchToggle } from '../../../shared/schemas/watch';
import { watches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { giveCard, trader } from '../market/market.fixtures';
import { createWatchService } from './watch.service';

type User = { userId: string; token: string; phone: string };

describe('watchlist API', () => {
  let t: TestApp;
  let seller: User;
  let fan: User;
  let other: User;
  let listingId: string;
  const CI = 'wt1_c1';

  const post = <T>(path: string, u: User | null, body: unknown) => t.call<T>('POST', path, { token: u?.token, body });
  const get = <T>(path: string, u: User | null, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u?.token, query });

  beforeAll(async () => {
    t = await createTestApp();
    seller = await trader(t);
    fan = await signIn(t);
    other = await signIn(t);
    await addTheme(t, 'wt1', [{ id: CI, name: '祥瑞麒麟', rarity: 'SR' }]);
    const card = await giveCard(t, seller.userId, CI);
    const body = { sell_type: 0, kind: 'card', itemId: card, price: 2_000 };
    listingId = (await post<CreateListingResult>('market/create', seller, body)).data.listing.id;
  });
  afterAll(() => t.close());

  it('needs sign-in and a known target; bad input is a zh-HK 400', async () => {
    expect((await post('watch/add', null, { kind: 'cardInfo', id: CI })).status).toBe(403);
    expect((await get('watch/list', null)).status).toBe(403);
    const unknown = await post('watch/add', fan, { kind: 'cardInfo', id: 'nope' });
    expect([unknown.status, unknown.msg]).toEqual([404, '找不到此項目']);
    const bad = await post('watch/add', fan, { kind: 'theme', id: CI });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('類別');
    expect((await get('watch/state', fan, { kind: 'cardInfo', ids: '' })).status).toBe(400);
  });

  it('adds once however often it is asked, lists with prices now, and removes', async () => {
    for (let i = 0; i < 2; i++) {
      const added = await post<WatchToggle>('watch/add', fan, { kind: 'cardInfo', id: CI });
      expect(added.data).toEqual({ kind: 'cardInfo', id: CI, watched: true });
    }
    await post('watch/add', fan, { kind: 'listing', id: listingId });
    await post('watch/add', fan, { kind: 'seller', id: seller.userId });
    const list = await get<WatchItem[]>('watch/list', fan);
    expect(list.data.map((w) => w.kind).sort()).toEqual(['cardInfo', 'listing', 'seller']);
    const info = list.data.find((w) => w.kind === 'cardInfo')!;
    // No market price here (the prices module is not wired in this branch): the basis is the lowest ask.
    expect(info).toMatchObject({ name: '祥瑞麒麟', lowestAsk: 2_000, highestBid: null, basis: 'ask', change: 0 });
    const listing = list.data.find((w) => w.kind === 'listing')!;
    expect(listing.listing).toMatchObject({ price: 2_000, sell_type: 0, status: 'active', itemId: CI });
    expect(list.data.find((w) => w.kind === 'seller')).toMatchObject({ basis: null, change: null, lowestAsk: null });

    const state = await get<WatchState>('watch/state', fan, { kind: 'cardInfo', ids: `${CI},x` });
    expect(state.data.watched).toEqual([CI]);
    expect((await get<WatchState>('watch/state', other, { kind: 'cardInfo', ids: CI })).data.watched).toEqual([]);

    expect((await post<WatchToggle>('watch/remove', fan, { kind: 'seller', id: seller.userId })).data.watched).toBe(
      false,
    );
    expect((await post('watch/remove', fan, { kind: 'seller', id: seller.userId })).status).toBe(200);
    expect((await get<WatchItem[]>('watch/list', fan)).data).toHaveLength(2);
    // Another user's list is their own.
    expect((await get<WatchItem[]>('watch/list', other)).data).toEqual([]);
  });

  it('shows the seller how many watch their listing, never who', async () => {
    await post('watch/add', other, { kind: 'listing', id: listingId });
    const desk = await get<DeskListing[]>('market/mine', seller);
    const row = desk.data.find((l) => l.id === listingId)!;
    expect(row.watchers).toBe(2);
    expect(JSON.stringify(desk.data)).not.toContain(fan.userId);
    expect(JSON.stringify(desk.data)).not.toContain(other.userId);
    expect(await t.app.services.watch.countWatchers('listing', [listingId])).toEqual(new Map([[listingId, 2]]));
    expect((await t.app.services.watch.watchersOf('listing', listingId)).sort()).toEqual(
      [fan.userId, other.userId].sort(),
    );
  });

  it(`refuses an item past the ${WATCH_LIMIT}th with a clear message`, async () => {
    const full = await signIn(t);
    const now = t.clock.now();
    const rows = Array.from({ length: WATCH_LIMIT - 1 }, (_, i) => ({
      id: `wat_full_${i}`,
      userId: full.userId,
      kind: 'seller' as const,
      targetId: `gone_${i}`,
      createdAt: now,
    }));
    await t.db.insert(watches).values(rows);
    expect((await post('watch/add', full, { kind: 'cardInfo', id: CI })).status).toBe(200);
    const refused = await post('watch/add', full, { kind: 'seller', id: seller.userId });
    expect(refused.status).toBe(409);
    expect(refused.msg).toContain('關注清單已滿（最多 500 項）');
    // Adding one already there is still fine at the limit.
    expect((await post('watch/add', full, { kind: 'cardInfo', id: CI })).status).toBe(200);
    // A watched target that went away is listed as gone.
    const page = await get<WatchItem[]>('watch/list', full, { page: '2', pageSize: '50' });
    expect(page.data[0]).toMatchObject({ kind: 'seller', name: null });
  });

  it('compares the market price with the market price at add time when one is known', async () => {
    let price: number | null = 3_000;
    const watch = createWatchService(
      { db: t.db, clock: t.clock },
      { marketPrices: async (_k, ids) => new Map(ids.map((id) => [id, { price, sample: 5, thin: false }])) },
    );
    const u = await signIn(t);
    await watch.add({ userId: u.userId, sessionId: 's', roles: [] }, { kind: 'cardInfo', id: CI });
    price = 3_500;
    const [item] = await watch.list({ userId: u.userId, sessionId: 's', roles: [] }, { page: 1, pageSize: 20 });
    expect(item).toMatchObject({
      basis: 'market',
      priceAtAdd: 3_000,
      priceNow: 3_500,
      marketPrice: 3_500,
      change: 500,
    });
    price = null;
    const [gone] = await watch.list({ userId: u.userId, sessionId: 's', roles: [] }, { page: 1, pageSize: 20 });
    expect(gone).toMatchObject({ basis: 'market', priceNow: null, change: null });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertPage } from '../../../shared/schemas/alerts';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { DeskListing } from '../../../shared/schemas/market-desk';
import { cardInfos, notifications, priceAlerts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';
import { crosses, rearms } from './alert-checks';

type User = { userId: string; token: string; phone: string };

describe('crossing and re-arming (5 % past the line)', () => {
  it('below fires at or under the line and re-arms from 105 % up; above mirrors it', () => {
    const below = { op: 'below' as const, priceCents: 10_000 };
    expect([crosses(below, 10_000), crosses(below, 9_999), crosses(below, 10_001)]).toEqual([true, true, false]);
    expect([rearms(below, 10_499), rearms(below, 10_500), rearms(below, null)]).toEqual([false, true, true]);
    const above = { op: 'above' as const, priceCents: 10_000 };
    expect([crosses(above, 10_000), crosses(above, 9_999)]).toEqual([true, false]);
    expect([rearms(above, 9_501), rearms(above, 9_500)]).toEqual([false, true]);
  });
});

describe('price alerts API', () => {
  let t: TestApp;
  let fan: User;
  let seller: User;
  let other: User;
  const CI = 'al1_c1';

  const post = <T>(path: string, u: User | null, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u?.token, body, headers });
  const get = <T>(path: string, u: User | null, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u?.token, query });
  const alertsOf = (u: User) =>
    t.db
      .select({ data: notifications.data, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, u.userId), eq(notifications.kind, 'priceAlert')));
  const sell = async (u: User, price: number) => {
    const itemId = await giveCard(t, u.userId, CI);
    const res = await post<CreateListingResult>('market/create', u, { sell_type: 0, kind: 'card', itemId, price });
    expect(res.status).toBe(200);
    return res.data.listing.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    fan = await trader(t);
    seller = await trader(t);
    other = await signIn(t);
    await addTheme(t, 'al1', [{ id: CI, name: '金龍' }]);
  });
  afterAll(() => t.close());

  it('needs sign-in, one item that exists and a valid price (zh-HK 400s)', async () => {
    const body = { cardInfoId: CI, side: 'ask', op: 'below', price: 10_000 };
    expect((await post('alert/create', null, body)).status).toBe(403);
    const both = await post('alert/create', fan, { ...body, productId: 'x' });
    expect([both.status, both.msg]).toEqual([400, '請選擇一張卡牌或一件商品']);
    const cheap = await post('alert/create', fan, { ...body, price: 5 });
    expect(cheap.status).toBe(400);
    expect(cheap.msg).toContain('價格最少為');
    expect((await post('alert/create', fan, { ...body, side: 'both' })).msg).toContain('類別');
    const unknown = await post('alert/create', fan, { ...body, cardInfoId: 'nope' });
    expect([unknown.status, unknown.msg]).toEqual([404, '找不到此卡牌']);
  });

  it('fires once for the listing that crossed it, not for the owner’s own, and re-arms 5 % back', async () => {
    const made = await post<Alert>('alert/create', fan, { cardInfoId: CI, side: 'ask', op: 'below', price: 10_000 });
    expect(made.data).toMatchObject({ name: '金龍', armed: true, bestPrice: null, price: 10_000 });
    await sell(fan, 9_000); // the fan's own listing: not told, still armed
    expect(await alertsOf(fan)).toHaveLength(0);
    await sell(seller, 12_000);
    expect(await alertsOf(fan)).toHaveLength(0);
    const crossing = await sell(seller, 9_500);
    const told = await alertsOf(fan);
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ itemKind: 'card', itemId: CI, priceCents: 9_500, side: 'ask' });
    expect(told[0]!.body).toBe('金龍 現有賣單 HK$95.00');
    await sell(seller, 9_400); // hovering at the line: no second notice
    expect(await alertsOf(fan)).toHaveLength(1);
    // The seller cancels both under the line: the fan's own 9 000 still holds the best ask under 10 500.
    const list = await get<DeskListing[]>('market/mine', seller, { sell_type: '0', view: 'open' });
    for (const l of list.data.filter((x) => x.price < 10_000)) await post('market/cancel', seller, { id: l.id });
    expect((await t.db.select().from(priceAlerts).where(eq(priceAlerts.id, made.data.id)))[0]!.armed).toBe(false);
    const mine = await get<DeskListing[]>('market/mine', fan, { sell_type: '0', view: 'open' });
    await post('market/cancel', fan, { id: mine.data[0]!.id });
    // Best ask is now 12 000 (≥ 10 500): the cancel re-armed it, and a new crossing listing tells again.
    const [row] = await t.db.select().from(priceAlerts).where(eq(priceAlerts.id, made.data.id));
    expect(row).toMatchObject({ armed: true, lastFiredPrice: 9_500 });
    expect(crossing).toBeTruthy();
    const repriced = await sell(seller, 11_000);
    const edit = await post('market/editPrice', seller, { id: repriced, price: 9_900 });
    expect(edit.status).toBe(200);
    expect((await alertsOf(fan)).map((n) => n.data.priceCents)).toEqual([9_500, 9_900]);
  });

  it('fires a bid alert when a funded buy listing crosses it', async () => {
    await post('alert/create', fan, { cardInfoId: CI, side: 'bid', op: 'above', price: 20_000 });
    const bid = await post<CreateListingResult>(
      'market/create',
      seller,
      { sell_type: 1, kind: 'card', cardInfoId: CI, price: 21_000 },
      { 'idempotency-key': freshKey() },
    );
    expect(bid.status).toBe(200);
    expect((await alertsOf(fan)).filter((n) => n.data.side === 'bid')).toHaveLength(0); // not open until paid
    const paid = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${bid.data.orderNo}/confirm` });
    expect(paid.statusCode).toBe(303);
    const bids = (await alertsOf(fan)).filter((n) => n.data.side === 'bid');
    expect(bids.map((n) => n.data.priceCents)).toEqual([21_000]);
  });

  it('lists only the caller’s alerts, with the best price; deletes only one’s own', async () => {
    const page = await get<AlertPage>('alert/list', fan);
    expect(page.data.total).toBe(2);
    const ask = page.data.list.find((a) => a.side === 'ask')!;
    expect(ask).toMatchObject({ name: '金龍', image: `/media/${CI}.svg`, bestPrice: 9_900, armed: false });
    expect((await get<AlertPage>('alert/list', other)).data).toEqual({ list: [], total: 0 });
    const theirs = await post('alert/delete', other, { id: ask.id });
    expect([theirs.status, theirs.msg]).toEqual([404, '找不到此提醒']);
    expect((await post('alert/delete', fan, { id: ask.id })).data).toEqual({ id: ask.id, deleted: true });
    expect((await get<AlertPage>('alert/list', fan)).data.total).toBe(1);
  });

  it('allows 50 alerts per user, then answers a clear 409', async () => {
    const u = await signIn(t);
    const body = { cardInfoId: CI, side: 'ask', op: 'below', price: 10_000 };
    await Promise.all(Array.from({ length: 50 }, () => post('alert/create', u, body)));
    const full = await post('alert/create', u, body);
    expect([full.status, full.msg]).toEqual([409, '價格提醒已達上限（最多 50 個），請先刪除部分提醒']);
    expect((await get<AlertPage>('alert/list', u, { pageSize: '50' })).data.total).toBe(50);
  });

  it('reminds the watchers of a drop starting within 10 minutes, once', async () => {
    await addTheme(t, 'al2', [{ id: 'al2_c1', name: '新春限定' }]);
    await post('watch/add', fan, { kind: 'cardInfo', id: 'al2_c1' });
    const startsAt = new Date(t.clock.now().getTime() + 11 * 60_000);
    await t.db.update(cardInfos).set({ saleStartsAt: startsAt }).where(eq(cardInfos.id, 'al2_c1'));
    expect(await t.app.services.alerts.remindDrops(10)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await t.app.services.alerts.remindDrops(10)).toBe(1);
    expect(await t.app.services.alerts.remindDrops(10)).toBe(0);
    const [n] = await t.db
      .select({ link: notifications.link, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, fan.userId), eq(notifications.kind, 'dropStarting')));
    expect(n).toEqual({ link: '/mall/detail?id=al2_c1', body: '新春限定 將於 10 分鐘後開售' });
  });

  it('tells a collector once when the market can complete a theme they started, again after it could not', async () => {
    await addTheme(t, 'al3', [{ id: 'al3_c1' }, { id: 'al3_c2' }, { id: 'al3_c3' }]);
    const collector = await signIn(t);
    await giveCard(t, collector.userId, 'al3_c1');
    const notices = () =>
      t.db
        .select({ data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.userId, collector.userId), eq(notifications.kind, 'setCompletable')));
    const list = async (cardInfoId: string) => {
      const itemId = await giveCard(t, seller.userId, cardInfoId);
      const body = { sell_type: 0, kind: 'card', itemId, price: 5_000 };
      return (await post<CreateListingResult>('market/create', seller, body)).data.listing.id;
    };
    const c2 = await list('al3_c2');
    expect(await notices()).toHaveLength(0); // al3_c3 is still nowhere
    await list('al3_c3');
    expect((await notices()).map((n) => n.data)).toEqual([{ themeId: 'al3', name: '卡冊 al3', missing: 2 }]);
    await list('al3_c3');
    expect(await notices()).toHaveLength(1);
    await post('market/cancel', seller, { id: c2 }); // no longer completable
    await list('al3_c2');
    expect(await notices()).toHaveLength(2);
    // The seller (who holds the theme's cards too) is never told about their own listings.
    const own = await t.db.select().from(notifications).where(eq(notifications.kind, 'setCompletable'));
    expect(own.every((n) => n.userId === collector.userId)).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type {
  Notification,
  NotificationPage,
  NotificationPref,
  UnreadCount,
} from '../../../shared/schemas/notifications';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { notificationOutbox, notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';

type User = { userId: string; token: string; phone: string };

describe('notification centre', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let other: User;
  const told: { userId: string; n: Notification }[] = [];
  let seq = 0;

  const post = <T>(path: string, u: User | null, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u?.token, body, headers });
  const get = <T>(path: string, u: User | null, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u?.token, query });
  const list = async (u: User, query: Record<string, string> = {}) =>
    (await get<NotificationPage>('notification/list', u, query)).data;
  const unread = async (u: User) => (await get<UnreadCount>('notification/unread', u)).data.count;

  /** The seller lists a fresh card at `price`; the buyer buys it through the sandbox checkout. */
  async function sale(price: number) {
    t.clock.advance(1000);
    const ci = `nt${seq++}`;
    await addTheme(t, ci, [{ id: `${ci}_c1`, name: '祥瑞麒麟', rarity: 'SR' }]);
    const card = await giveCard(t, seller.userId, `${ci}_c1`);
    const listed = await post<CreateListingResult>('market/create', seller, {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price,
    });
    const order = await post<PayOrder>(
      'payOrder/create',
      buyer,
      { type: 'market', listingId: listed.data.listing.id },
      { 'Idempotency-Key': freshKey() },
    );
    expect(order.status).toBe(200);
    return { listingId: listed.data.listing.id, orderNo: order.data.orderNo };
  }
  const confirm = async (orderNo: string) =>
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);

  beforeAll(async () => {
    t = await createTestApp({ onNotified: (userId, n) => told.push({ userId, n }) });
    seller = await trader(t);
    buyer = await trader(t);
    other = await signIn(t);
  });
  afterAll(() => t.close());

  it('needs sign-in; bad input is a zh-HK 400', async () => {
    for (const path of ['notification/list', 'notification/unread', 'notification/prefs'])
      expect((await get(path, null)).status).toBe(403);
    expect((await post('notification/read', null, { all: true })).status).toBe(403);
    const bad = await post('notification/read', buyer, { ids: [] });
    expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('通知')]);
    expect((await post('notification/read', buyer, { all: false })).status).toBe(400);
    expect((await get('notification/list', buyer, { status: 'new' })).msg).toContain('狀態');
  });

  it('tells the seller 已售出 with the net proceeds and the buyer 付款成功, after the commit', async () => {
    const { orderNo } = await sale(10_000);
    expect(await unread(seller)).toBe(0);
    await confirm(orderNo);
    const sold = (await list(seller)).list[0]!;
    expect(sold).toMatchObject({ kind: 'itemSold', label: '已售出', title: '已售出', read: false });
    // The market's fee (shared/schemas/market.ts): 5 % of HK$100.00.
    expect(sold.body).toBe('祥瑞麒麟 #0001/100 以 HK$100.00 售出，扣除手續費 HK$5.00 後實收 HK$95.00');
    expect(sold.link).toBe('/my/market?side=sell&view=ended');
    const paid = (await list(buyer)).list[0]!;
    expect(paid).toMatchObject({ kind: 'payPaid', link: `/mall/info?orderNo=${orderNo}` });
    expect(await unread(seller)).toBe(1);
    expect(told.map((x) => [x.userId, x.n.kind])).toEqual(
      expect.arrayContaining([
        [seller.userId, 'itemSold'],
        [buyer.userId, 'payPaid'],
      ]),
    );
    // Push is on by default for 已售出; SMS only once chosen.
    const outbox = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.notificationId, sold.id));
    expect(outbox.map((o) => [o.channel, o.status, o.dedupeKey])).toEqual([['push', 'pending', `${sold.id}:push`]]);
  });

  it('reads and marks only the caller’s own, newest first, filtered by read state', async () => {
    const { orderNo } = await sale(20_000);
    await confirm(orderNo);
    const all = (await list(seller)).list;
    expect(all.length).toBe(2);
    expect(all[0]!.createdAt > all[1]!.createdAt).toBe(true);
    // Someone else's id is a 404 and marks nothing, even beside one's own; nobody sees another's list.
    const theirs = await post('notification/read', other, { ids: [all[0]!.id] });
    expect([theirs.status, theirs.msg]).toEqual([404, '找不到此通知']);
    expect((await post('notification/read', seller, { ids: [all[0]!.id, 'ntf_nope'] })).status).toBe(404);
    expect((await list(other)).total).toBe(0);
    expect(await unread(seller)).toBe(2);
    const one = await post<{ marked: number; unread: number }>('notification/read', seller, { ids: [all[1]!.id] });
    expect(one.data).toEqual({ marked: 1, unread: 1 });
    expect((await list(seller, { status: 'unread' })).list.map((n) => n.id)).toEqual([all[0]!.id]);
    expect((await list(seller, { status: 'read' })).list.map((n) => n.id)).toEqual([all[1]!.id]);
    expect((await post<{ unread: number }>('notification/read', seller, { all: true })).data.unread).toBe(0);
    expect((await list(seller, { page: '2', pageSize: '1' })).list.map((n) => n.id)).toEqual([all[1]!.id]);
  });

  it('keeps per-kind channels: SMS only for 已售出 and 已發貨, and writes the outbox rows chosen', async () => {
    const prefs = (await get<NotificationPref[]>('notification/prefs', seller)).data;
    const sold = prefs.find((p) => p.kind === 'itemSold')!;
    expect(sold).toMatchObject({ label: '已售出', sms: { allowed: true, enabled: false } });
    expect(prefs.filter((p) => p.sms.allowed).map((p) => p.kind)).toEqual(['itemSold', 'shipmentShipped']);
    // Kinds written by later changes are listed already.
    expect(prefs.map((p) => p.label)).toEqual(expect.arrayContaining(['價格提醒', '關注的發售即將開始', '可集齊套組']));
    const refused = await post('notification/prefs', seller, {
      prefs: [{ kind: 'payPaid', channel: 'sms', enabled: true }],
    });
    expect([refused.status, refused.msg]).toEqual([400, '「付款成功」不可使用短訊']);
    expect(
      (await post('notification/prefs', seller, { prefs: [{ kind: 'nope', channel: 'push', enabled: true }] })).status,
    ).toBe(400);
    const set = await post<NotificationPref[]>('notification/prefs', seller, {
      prefs: [
        { kind: 'itemSold', channel: 'sms', enabled: true },
        { kind: 'itemSold', channel: 'push', enabled: false },
      ],
    });
    expect(set.data.find((p) => p.kind === 'itemSold')).toMatchObject({
      push: { enabled: false },
      sms: { enabled: true },
    });
    // Another user's switches are their own.
    const theirs = (await get<NotificationPref[]>('notification/prefs', buyer)).data.find((p) => p.kind === 'itemSold');
    expect(theirs).toMatchObject({ push: { enabled: true }, sms: { enabled: false } });

    const { orderNo } = await sale(30_000);
    await confirm(orderNo);
    const latest = (await list(seller)).list[0]!;
    const outbox = await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.notificationId, latest.id));
    expect(outbox.map((o) => o.channel)).toEqual(['sms']);
  });

  it('writes nothing for an event that rolled back, and tells nobody', async () => {
    const before = told.length;
    const { notifications: svc } = t.app.services;
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await svc.notify(tx, other.userId, 'identityRevoked', { reason: '證件資料不符' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, other.userId))).toEqual([]);
    expect(await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, other.userId))).toEqual([]);
    expect(told.length).toBe(before);
    // The same call in a transaction that commits is written and told.
    await t.app.deps.db.transaction((tx) =>
      svc.notify(tx, other.userId, 'identityRevoked', { reason: '證件資料不符' }),
    );
    expect((await list(other)).list[0]).toMatchObject({ title: '實名認證已被撤銷', body: '原因：證件資料不符' });
    expect(told.length).toBe(before + 1);
  });

  it('warns the owner of a listing expiring within 24 hours once', async () => {
    const { listingId, orderNo } = await sale(5_000);
    // The buyer's order runs out; the listing is open again (the seller is told) and nears its 30 days.
    t.clock.advance(16 * 60 * 1000);
    expect(await t.app.services.payOrders.expireDue()).toBe(1);
    expect((await list(buyer)).list[0]).toMatchObject({ kind: 'payExpired' });
    expect((await list(seller)).list[0]).toMatchObject({ kind: 'marketOrderCancelled' });
    expect(await t.app.services.market.warnExpiring()).toBe(0);
    t.clock.advance(29 * 24 * 3600 * 1000 + 3600 * 1000);
    expect(await t.app.services.market.warnExpiring()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.market.warnExpiring()).toBe(0);
    const warned = (await list(seller, { pageSize: '50' })).list.filter(
      (n) => n.kind === 'listingExpiring' && n.link === '/my/market?side=sell&view=open',
    );
    expect(warned.length).toBeGreaterThanOrEqual(1);
    expect(orderNo).toBeTruthy();
    const rows = await t.db.select().from(notifications).where(eq(notifications.kind, 'listingExpiring'));
    expect(rows.filter((r) => r.data.listingId === listingId)).toHaveLength(1);
  });
});

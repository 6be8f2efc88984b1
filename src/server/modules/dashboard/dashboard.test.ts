import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../shared/schemas/admin-audit';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import type { AdminShipment } from '../../../shared/schemas/delivery';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { AdminWithdrawal, Withdrawal } from '../../../shared/schemas/wallet';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { freshKey, giveCard, trader } from '../market/market.fixtures';
import { createDrop } from '../pay-orders/pay-orders.fixtures';
import { addProduct, addressBody, giveGoods, signIn } from '../shipments/shipments.fixtures';
import { hkDays } from '../../../shared/hk-time';

const ADMIN_PHONE = '+85291230088';

describe('back office: dashboard by Hong Kong day, queues, and the audit log search', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  let drop: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
    op = await signIn(t, ADMIN_PHONE);
  });
  afterAll(() => t.close());

  const get = <T>(path: string, query: Record<string, string> = {}) =>
    t.call<T>('GET', `admin/${path}`, { token: op.token, query });
  const post = <T>(path: string, body: unknown) => t.call<T>('POST', `admin/${path}`, { token: op.token, body });
  const paidCard = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': freshKey() },
      payload: { type: 'card', cardInfoId: drop, quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${res.json().data.orderNo}/confirm` })).statusCode,
    ).toBe(303);
  };

  it('hkDays: Hong Kong calendar days ending today and the UTC instant the first starts', () => {
    // 01:30 on 22 Nov in Hong Kong is still 21 Nov in UTC.
    expect(hkDays(new Date('2026-11-21T17:30:00Z'), 2)).toEqual({
      dates: ['2026-11-21', '2026-11-22'],
      since: new Date('2026-11-20T16:00:00Z'),
    });
    expect(hkDays(new Date('2026-11-21T15:59:59Z'), 1)).toEqual({
      dates: ['2026-11-21'],
      since: new Date('2026-11-20T16:00:00Z'),
    });
  });

  it('counts sales, GMV and fees by Hong Kong day, orders by status, new users, drops and the queues', async () => {
    t.clock.set(new Date('2026-11-21T12:00:00Z'));
    drop = await createDrop(t.db, {
      editionSize: 10,
      perUserLimit: 5,
      priceCents: 12_800,
      saleStartsAt: new Date('2026-11-21T10:00:00Z'),
      name: '儀表板測試卡',
    });
    // 23:30 on 21 Nov in Hong Kong.
    t.clock.set(new Date('2026-11-21T15:30:00Z'));
    const a = await signIn(t);
    await paidCard(a.token);
    // 01:30 on 22 Nov in Hong Kong: a new day, though still 21 Nov in UTC.
    t.clock.set(new Date('2026-11-21T17:30:00Z'));
    const b = await signIn(t);
    await paidCard(b.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${b.token}`, 'idempotency-key': freshKey() },
      payload: { type: 'card', cardInfoId: drop, quantity: 1 },
    });
    // A market sale: the fee (5 %) is the platform's.
    const seller = await trader(t);
    const buyer = await trader(t);
    const listing = (
      await t.call<CreateListingResult>('POST', 'market/create', {
        token: seller.token,
        body: { sell_type: 0, kind: 'card', itemId: await giveCard(t, seller.userId, drop), price: 20_000 },
      })
    ).data.listing;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': freshKey() },
      payload: { type: 'market', listingId: listing.id },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.json().data.orderNo}/confirm` })).statusCode,
    ).toBe(303);
    // Queues: one shipment request, one withdrawal.
    const address = (await t.call<{ id: string }>('POST', 'address/add', { token: a.token, body: addressBody() })).data
      .id;
    const shipment = (
      await t.call<{ id: string }>('POST', 'goods/delivery', {
        token: a.token,
        body: { goodsIds: await giveGoods(t, a.userId, await addProduct(t)), addressId: address },
      })
    ).data.id;
    await t.call('POST', 'sms/authSend', { token: seller.token, body: { purpose: 'withdraw' } });
    const withdrawal = (
      await t.call<Withdrawal>('POST', 'payment/withdraw', {
        token: seller.token,
        body: { amount: 10_000, code: t.sms.lastCode(seller.phone) },
      })
    ).data.id;

    const res = await get<Dashboard>('dashboard', { days: '2' });
    expect(res.status).toBe(200);
    expect(res.data.daily).toEqual([
      { date: '2026-11-21', sales: 1, gmv: 12_800, fees: 0 },
      { date: '2026-11-22', sales: 2, gmv: 32_800, fees: 1_000 },
    ]);
    expect(res.data.ordersByStatus).toEqual({ pending: 1, paid: 3, expired: 0, cancelled: 0, refunded: 0 });
    // a on 21 Nov; the operator (signed up at the test clock's start, noon on 22 Nov), b, seller and buyer on 22 Nov.
    expect(res.data.newUsers).toEqual([
      { date: '2026-11-21', count: 1 },
      { date: '2026-11-22', count: 4 },
    ]);
    expect(res.data.drops.find((d) => d.id === drop)).toEqual({
      kind: 'card',
      id: drop,
      name: '儀表板測試卡',
      saleStartsAt: '2026-11-21T10:00:00.000Z',
      saleEndsAt: null,
      total: 10,
      sold: 3,
      sellThrough: 0.3,
    });
    expect(res.data.queues).toEqual({ shipments: 1, withdrawals: 1 });
    expect((await get<Dashboard>('dashboard')).data.daily).toHaveLength(30);
    expect(await get('dashboard', { days: '91' })).toMatchObject({ status: 400, msg: '「日數」最多為 90' });

    // The operator works the queues: each step is audited with the request id; lists carry X-Total-Count.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shipments',
      query: { status: 'pending' },
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(list.headers['x-total-count']).toBe('1');
    expect((await post<AdminShipment>('shipments/pack', { id: shipment })).data.status).toBe('packed');
    t.clock.advance(1000);
    expect(
      (
        await post<AdminShipment>('shipments/ship', {
          id: shipment,
          carrier: '順豐速運',
          trackingNumber: 'SF1234567890',
        })
      ).data.status,
    ).toBe('shipped');
    const wl = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals',
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(wl.headers['x-total-count']).toBe('1');
    t.clock.advance(1000);
    expect(
      (await post<AdminWithdrawal>('withdrawals/pay', { id: withdrawal, reference: 'FPS-0001' })).data.status,
    ).toBe('paid');
    expect((await get<Dashboard>('dashboard', { days: '1' })).data.queues).toEqual({ shipments: 0, withdrawals: 0 });

    const log = await get<AuditRecord[]>('audit');
    expect(log.data.map((r) => r.action)).toEqual(['withdrawal.pay', 'shipment.ship', 'shipment.pack']);
    expect(log.data[1]).toMatchObject({
      targetType: 'shipment',
      targetId: shipment,
      before: { status: 'packed' },
      after: { status: 'shipped', carrier: '順豐速運', trackingNumber: 'SF1234567890' },
    });
    expect(log.data[0]).toMatchObject({
      targetId: withdrawal,
      after: { status: 'paid', reference: 'FPS-0001', accountNoMasked: '****6789' },
      actor: { id: op.userId, phone: ADMIN_PHONE },
    });
    expect(JSON.stringify(log.data)).not.toContain('004123456789');
    expect((await get<AuditRecord[]>('audit', { action: 'shipment.pack' })).data).toHaveLength(1);
    expect((await get<AuditRecord[]>('audit', { targetType: 'withdrawal', actorId: op.userId })).data).toHaveLength(1);
    expect((await get<AuditRecord[]>('audit', { q: log.data[2]!.requestId })).data.map((r) => r.action)).toEqual([
      'shipment.pack',
    ]);
    expect(
      (await get<AuditRecord[]>('audit', { from: '2026-11-21T17:30:00Z', to: '2026-11-21T17:31:00Z' })).data,
    ).toHaveLength(3);
    expect((await get<AuditRecord[]>('audit', { from: '2026-11-22T00:00:00Z' })).data).toHaveLength(0);
    expect(await get('audit', { from: 'yesterday' })).toMatchObject({ status: 400 });
    expect(await get('audit', { from: '2026-11-22T00:00:00Z', to: '2026-11-21T00:00:00Z' })).toMatchObject({
      status: 400,
      msg: '結束時間必須遲於開始時間',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      query: { pageSize: '1' },
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect([page.headers['x-total-count'], page.json().data.length]).toEqual(['3', 1]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import { AUTO_RECEIVE_AFTER_MS, type AdminShipment, type Shipment } from '../../../shared/schemas/delivery';
import { startSweep } from '../../jobs/sweeps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addProduct, addressBody, giveGoods, signIn } from './shipments.fixtures';

const ADMIN_PHONE = '+85261230009';

describe('確認收貨: logistic/confirm and the automatic confirmation 7 days after delivery', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let box: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
    admin = await signIn(t, ADMIN_PHONE);
    box = await addProduct(t, { type: 1, name: '收藏卡盒' });
  });
  afterAll(() => t.close());

  const op = (path: string, body: Record<string, unknown>) =>
    t.call<AdminShipment>('POST', `admin/shipments/${path}`, { token: admin.token, body });
  const confirm = (token: string, id: string) => t.call<Shipment>('POST', 'logistic/confirm', { token, body: { id } });

  /** A shipment of one box for a new user, moved on by an operator to `until`. */
  async function shipment(until: 'pending' | 'shipped' | 'delivered') {
    const u = await signIn(t);
    const [g] = await giveGoods(t, u.userId, box);
    const address = (await t.call<Address>('POST', 'address/add', { token: u.token, body: addressBody() })).data;
    const s = (
      await t.call<Shipment>('POST', 'goods/delivery', {
        token: u.token,
        body: { goodsIds: [g], addressId: address.id },
      })
    ).data;
    if (until !== 'pending') await op('ship', { id: s.id, carrier: '順豐速運', trackingNumber: 'SF1234567890' });
    if (until === 'delivered') await op('deliver', { id: s.id });
    return { u, s };
  }

  it('lets the owner confirm a delivered shipment once, which ends it; refuses before delivery and for others', async () => {
    const { u, s } = await shipment('shipped');
    expect(await confirm(u.token, s.id)).toMatchObject({
      status: 409,
      msg: '物品送達後才可以確認收貨（目前：已發貨）',
    });
    await op('deliver', { id: s.id });
    const stranger = await signIn(t);
    expect(await confirm(stranger.token, s.id)).toMatchObject({ status: 404, msg: '找不到此提貨訂單' });
    expect(await confirm(u.token, 'shp_nope')).toMatchObject({ status: 404 });
    t.clock.advance(1000);
    const done = await confirm(u.token, s.id);
    expect(done).toMatchObject({ status: 200, msg: '已確認收貨', data: { status: 'received' } });
    expect(done.data.events.map((e) => e.kind)).toEqual(['created', 'shipped', 'delivered', 'received']);
    // A second tap answers the shipment as it is, with no second event.
    const again = await confirm(u.token, s.id);
    expect(again.data.events.filter((e) => e.kind === 'received')).toHaveLength(1);
    // The back office sees it received, and cannot move it any more.
    expect(
      (await t.call<AdminShipment>('GET', 'admin/shipments/detail', { token: admin.token, query: { id: s.id } })).data,
    ).toMatchObject({ status: 'received' });
    expect((await op('cancel', { id: s.id })).status).toBe(409);
    expect((await t.call('GET', 'admin/shipments', { token: admin.token, query: { status: 'received' } })).status).toBe(
      200,
    );
  });

  it('confirms shipments delivered 7 days ago by the sweep, on the injected clock, and no earlier', async () => {
    const early = await shipment('delivered');
    const pending = await shipment('pending');
    const job = startSweep('shipmentReceipts', t.app.services, t.app.log, { intervalMs: 3_600_000 });
    try {
      t.clock.advance(AUTO_RECEIVE_AFTER_MS - 60_000);
      const late = await shipment('delivered');
      expect(await job.runOnce()).toBe(0);
      t.clock.advance(60_000);
      expect(await job.runOnce()).toBe(1);
      const detail = async (x: { u: { token: string }; s: Shipment }) =>
        (await t.call<Shipment>('GET', 'logistic/detail', { token: x.u.token, query: { id: x.s.id } })).data;
      const confirmed = await detail(early);
      expect(confirmed.status).toBe('received');
      expect(confirmed.events.at(-1)).toMatchObject({ kind: 'received', note: '送達 7 日後自動確認收貨' });
      expect((await detail(late)).status).toBe('delivered');
      expect((await detail(pending)).status).toBe('pending');
      expect(await job.runOnce()).toBe(0);
    } finally {
      await job.stop();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import type { AdminShipment, Goods, GoodsDetail, Shipment } from '../../../shared/schemas/delivery';
import { goods } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addProduct, addressBody, giveGoods, signIn } from './shipments.fixtures';

const ADMIN_PHONE = '+85261234567';

describe('goods, delivery requests and the shipment timeline API', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let box: string;
  let voucher: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: `${ADMIN_PHONE}, +85362345678` } });
    admin = await signIn(t, ADMIN_PHONE);
    box = await addProduct(t, { type: 1, name: '收藏卡盒' });
    voucher = await addProduct(t, { type: 0, name: '電子禮券' });
  });
  afterAll(() => t.close());

  const addAddress = async (token: string, body = addressBody()) =>
    (await t.call<Address>('POST', 'address/add', { token, body })).data;
  const deliver = (token: string, goodsIds: string[], addressId: string) =>
    t.call<Shipment>('POST', 'goods/delivery', { token, body: { goodsIds, addressId } });
  const status = async (id: string) =>
    (await t.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id)))[0]!.status;
  const op = (path: string, body: Record<string, unknown>, token = admin.token) =>
    t.call<AdminShipment>('POST', `admin/shipments/${path}`, { token, body });

  it('ADMIN_PHONES grants the admin role at sign-in', async () => {
    const session = await t.app.services.auth.startSession(admin.userId);
    expect(session.authority).toContain('admin');
    expect((await signIn(t)).roles).not.toContain('admin');
  });

  it("goods/list answers the user's goods of one type, newest first, with product name and image; goods/detail one of them", async () => {
    const u = await signIn(t);
    const [a] = await giveGoods(t, u.userId, box);
    t.clock.advance(1000);
    const [b] = await giveGoods(t, u.userId, box);
    const [v] = await giveGoods(t, u.userId, voucher);
    const physical = await t.call<Goods[]>('GET', 'goods/list', { token: u.token, query: { type: '1' } });
    expect(physical.data.map((g) => g.id)).toEqual([b, a]);
    expect(physical.data[0]).toMatchObject({
      productId: box,
      name: '收藏卡盒',
      image: `/media/${box}.svg`,
      type: 1,
      status: 'held',
    });
    expect(
      (await t.call<Goods[]>('GET', 'goods/list', { token: u.token, query: { type: '0' } })).data.map((g) => g.id),
    ).toEqual([v]);
    expect(
      (
        await t.call<Goods[]>('GET', 'goods/list', { token: u.token, query: { type: '1', pageSize: '1', page: '2' } })
      ).data.map((g) => g.id),
    ).toEqual([a]);
    expect(await t.call('GET', 'goods/list', { token: u.token, query: { type: '2' } })).toMatchObject({
      status: 400,
      msg: '「類型」只可以是 0（其他）或 1（實物）',
    });
    expect(await t.call('GET', 'goods/list', { token: u.token })).toMatchObject({ status: 400, msg: '請選擇「類型」' });

    const detail = await t.call<GoodsDetail>('GET', 'goods/detail', { token: u.token, query: { id: a! } });
    expect(detail).toMatchObject({
      status: 200,
      data: {
        id: a,
        name: '收藏卡盒',
        status: 'held',
        shipmentId: null,
        events: [{ kind: 'created', shipmentId: null }],
      },
    });
    const other = await signIn(t);
    expect(await t.call('GET', 'goods/detail', { token: other.token, query: { id: a! } })).toMatchObject({
      status: 404,
      msg: '找不到此物品',
    });
    expect((await t.call<Goods[]>('GET', 'goods/list', { token: other.token, query: { type: '1' } })).data).toEqual([]);
  });

  it('goods/delivery makes one shipment for all the goods, with a copy of the address; the goods become delivering', async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box, 3);
    const addr = await addAddress(u.token);
    const res = await deliver(u.token, ids.slice(0, 2), addr.id);
    expect(res).toMatchObject({
      status: 200,
      msg: '已申請提貨',
      data: {
        status: 'pending',
        carrier: null,
        trackingNumber: null,
        address: {
          recipient: '陳大文',
          phone: '+85291234567',
          region: '九龍',
          district: '觀塘區',
          detail: '觀塘道 1 號 10 樓 A 室',
        },
      },
    });
    expect(res.data.shipmentNo).toMatch(/^SH261122[0-9A-Z]{8}$/);
    expect(res.data.items.map((i) => i.goodsId).sort()).toEqual(ids.slice(0, 2).sort());
    expect(res.data.events.map((e) => e.kind)).toEqual(['created']);
    expect([await status(ids[0]!), await status(ids[1]!), await status(ids[2]!)]).toEqual([
      'delivering',
      'delivering',
      'held',
    ]);
    const detail = await t.call<GoodsDetail>('GET', 'goods/detail', { token: u.token, query: { id: ids[0]! } });
    expect(detail.data).toMatchObject({ status: 'delivering', shipmentId: res.data.id });

    // Editing or deleting the address later changes nothing already sent.
    await t.call('POST', 'address/update', {
      token: u.token,
      body: { id: addr.id, ...addressBody({ recipient: '改名', region: '新界', district: '元朗區' }) },
    });
    await t.call('POST', 'address/delete', { token: u.token, body: { id: addr.id } });
    const after = await t.call<Shipment>('GET', 'logistic/detail', { token: u.token, query: { id: res.data.id } });
    expect(after.data.address).toMatchObject({ recipient: '陳大文', region: '九龍', district: '觀塘區' });
    expect((await t.call<Shipment[]>('GET', 'logistic/list', { token: u.token })).data.map((s) => s.id)).toEqual([
      res.data.id,
    ]);
  });

  it("refuses goods that are not the caller's held physical goods, all or nothing", async () => {
    const u = await signIn(t);
    const other = await signIn(t);
    const [mine, mine2] = await giveGoods(t, u.userId, box, 2);
    const [theirs] = await giveGoods(t, other.userId, box);
    const [digital] = await giveGoods(t, u.userId, voucher);
    const addr = await addAddress(u.token);
    const theirAddr = await addAddress(other.token);

    expect(await deliver(u.token, [mine!, theirs!], addr.id)).toMatchObject({
      status: 404,
      msg: '找不到部分物品，請重新整理後再試',
    });
    expect(await deliver(u.token, [mine!, 'gds_nope'], addr.id)).toMatchObject({ status: 404 });
    expect(await deliver(u.token, [mine!, digital!], addr.id)).toMatchObject({
      status: 400,
      msg: '「電子禮券」不是實物商品，不能提貨',
    });
    expect(await deliver(u.token, [mine!], theirAddr.id)).toMatchObject({ status: 404, msg: '找不到此地址' });
    // Listed on the market (the market sets the status): not deliverable.
    await t.db.update(goods).set({ status: 'listed' }).where(eq(goods.id, mine2!));
    expect(await deliver(u.token, [mine!, mine2!], addr.id)).toMatchObject({
      status: 409,
      msg: '「收藏卡盒」寄售中，不能提貨，請重新整理後再試',
    });
    expect(await status(mine!)).toBe('held');
    // Already being delivered: a second request is refused.
    expect((await deliver(u.token, [mine!], addr.id)).status).toBe(200);
    expect(await deliver(u.token, [mine!], addr.id)).toMatchObject({
      status: 409,
      msg: '「收藏卡盒」提貨中，不能提貨，請重新整理後再試',
    });
    expect(await deliver(u.token, [], addr.id)).toMatchObject({ status: 400, msg: '請選擇要提貨的物品' });
    expect(await deliver(u.token, [mine!, mine!], addr.id)).toMatchObject({ status: 400, msg: '同一物品不能重複選擇' });
    expect((await t.call<Shipment[]>('GET', 'logistic/list', { token: u.token })).data).toHaveLength(1);
  });

  it("another user's shipment is a 404; signed-out calls are 403", async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box);
    const s = (await deliver(u.token, ids, (await addAddress(u.token)).id)).data;
    const other = await signIn(t);
    expect(await t.call('GET', 'logistic/detail', { token: other.token, query: { id: s.id } })).toMatchObject({
      status: 404,
      msg: '找不到此提貨訂單',
    });
    expect((await t.call<Shipment[]>('GET', 'logistic/list', { token: other.token })).data).toEqual([]);
    for (const [method, path] of [
      ['GET', 'goods/list'],
      ['GET', 'goods/detail'],
      ['POST', 'goods/delivery'],
      ['GET', 'logistic/list'],
      ['GET', 'logistic/detail'],
    ] as const) {
      expect(await t.call(method, path, { body: {} })).toMatchObject({ status: 403 });
    }
  });

  it('operators pack, ship (carrier + tracking number) and deliver; the timeline follows; goods end delivered', async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box, 2);
    const s = (await deliver(u.token, ids, (await addAddress(u.token)).id)).data;

    const queue = await t.call<AdminShipment[]>('GET', 'admin/shipments', {
      token: admin.token,
      query: { status: 'pending' },
    });
    expect(queue.data.map((x) => x.id)).toContain(s.id);
    expect(queue.data.find((x) => x.id === s.id)!.userId).toBe(u.userId);

    expect(await op('deliver', { id: s.id })).toMatchObject({
      status: 409,
      msg: '只有已發貨的提貨訂單可以標記為已送達（目前：待處理）',
    });
    t.clock.advance(60_000);
    expect(await op('pack', { id: s.id })).toMatchObject({ status: 200, data: { status: 'packed' } });
    expect(await op('pack', { id: s.id })).toMatchObject({ status: 409 });
    expect(await op('ship', { id: s.id, carrier: '順豐速運', trackingNumber: 'x' })).toMatchObject({
      status: 400,
      msg: '運單號碼只可包含英文字母、數字及連字號（4 至 40 個字元）',
    });
    t.clock.advance(60_000);
    const shipped = await op('ship', { id: s.id, carrier: '順豐速運', trackingNumber: 'SF1234567890' });
    expect(shipped).toMatchObject({
      status: 200,
      data: { status: 'shipped', carrier: '順豐速運', trackingNumber: 'SF1234567890' },
    });
    expect(await op('cancel', { id: s.id })).toMatchObject({
      status: 409,
      msg: '已發貨的提貨訂單不能取消（目前：已發貨）',
    });
    t.clock.advance(60_000);
    expect((await op('deliver', { id: s.id })).data.status).toBe('delivered');

    const timeline = (await t.call<Shipment>('GET', 'logistic/detail', { token: u.token, query: { id: s.id } })).data;
    expect(timeline).toMatchObject({ status: 'delivered', carrier: '順豐速運', trackingNumber: 'SF1234567890' });
    expect(timeline.events.map((e) => e.kind)).toEqual(['created', 'packed', 'shipped', 'delivered']);
    expect(timeline.events[2]!.note).toBe('順豐速運 運單號碼 SF1234567890');
    expect(timeline.events.map((e) => e.at)).toEqual([...timeline.events.map((e) => e.at)].sort());
    expect(timeline.events[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect([await status(ids[0]!), await status(ids[1]!)]).toEqual(['delivered', 'delivered']);
    expect(
      (await t.call<GoodsDetail>('GET', 'goods/detail', { token: u.token, query: { id: ids[0]! } })).data.events.map(
        (e) => e.kind,
      ),
    ).toEqual(['created', 'delivery_requested', 'delivered']);
    // The owner was told of each step, newest first, the carrier and tracking number with 已發貨 (decision 034).
    const told = (
      await t.call<{ list: { title: string; body: string; link: string }[] }>('GET', 'notification/list', {
        token: u.token,
      })
    ).data.list;
    expect(told.map((n) => n.title)).toEqual(['已送達', '已發貨', '已包裝']);
    expect(told[1]!.body).toContain('順豐速運 發貨，追蹤編號 SF1234567890');
    expect(told[0]!.link).toBe(`/my/logistics?id=${s.id}`);
  });

  it('cancelling before shipping returns the goods to held, so they can be requested again', async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box, 2);
    const addr = await addAddress(u.token);
    const s = (await deliver(u.token, ids, addr.id)).data;
    await op('pack', { id: s.id });
    const cancelled = await op('cancel', { id: s.id, reason: '缺貨' });
    expect(cancelled).toMatchObject({ status: 200, data: { status: 'cancelled' } });
    expect(cancelled.data.events.at(-1)).toMatchObject({ kind: 'cancelled', note: '缺貨' });
    expect([await status(ids[0]!), await status(ids[1]!)]).toEqual(['held', 'held']);
    expect((await deliver(u.token, ids, addr.id)).status).toBe(200);
  });

  it('admin routes: 403 signed out, 404 for a signed-in non-operator (even with a bad body), 404 for an unknown shipment', async () => {
    const u = await signIn(t);
    expect(await t.call('GET', 'admin/shipments')).toMatchObject({ status: 403 });
    expect(await t.call('POST', 'admin/shipments/pack', { body: { id: 'shp_x' } })).toMatchObject({ status: 403 });
    for (const [method, path, body] of [
      ['GET', 'admin/shipments', undefined],
      ['GET', 'admin/shipments/detail', undefined],
      ['POST', 'admin/shipments/pack', { id: 'shp_x' }],
      ['POST', 'admin/shipments/ship', { nonsense: true }],
      ['POST', 'admin/shipments/deliver', { id: 'shp_x' }],
      ['POST', 'admin/shipments/cancel', { id: 'shp_x' }],
    ] as const) {
      expect(await t.call(method, path, { token: u.token, body })).toMatchObject({ status: 404, msg: '找不到此內容' });
    }
    expect(await op('pack', { id: 'shp_nope' })).toMatchObject({ status: 404, msg: '找不到此提貨訂單' });
    expect(
      await t.call('GET', 'admin/shipments/detail', { token: admin.token, query: { id: 'shp_nope' } }),
    ).toMatchObject({ status: 404 });
  });
});

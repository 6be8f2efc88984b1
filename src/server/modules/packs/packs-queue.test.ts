import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminQueue, QueueReport, QueueStatus } from '../../../shared/schemas/queue';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf } from '../../testing/operator';
import { createBuyers, createDrop } from '../pay-orders/pay-orders.fixtures';
import { packShop, type PackShop } from './packs.fixtures';

const MIN = 60_000;
let keySeq = 0;

/** A mystery pack flagged 熱門 goes through the waiting room like a hot card info or product (decision 044). */
describe('waiting room of a hot pack series', () => {
  let t: TestApp;
  let shop: PackShop;
  let buyers: { id: string; token: string }[];

  const join = (token: string, id: string) =>
    t.call<QueueStatus>('POST', 'queue/join', { token, body: { kind: 'pack', id } });
  const status = (token: string, id: string) =>
    t.call<QueueStatus>('GET', 'queue/status', { token, query: { kind: 'pack', id } });
  const buy = (token: string, seriesId: string, admission?: string | null, key = `packq-key-${keySeq++}`) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token,
      body: { type: 'pack', seriesId, quantity: 1 },
      headers: { 'Idempotency-Key': key, ...(admission ? { 'X-Admission-Token': admission } : {}) },
    });
  const series = (body: Record<string, unknown>) => shop.series(6, 2, { perUserLimit: 1, ...body });

  beforeAll(async () => {
    t = await createTestApp();
    shop = await packShop(t);
    buyers = await createBuyers(t.db, 5, t.clock.now());
  });
  afterAll(() => t.close());

  it('sells a series that is not hot without any admission, and refuses its queue', async () => {
    const plain = await series({ hot: false });
    expect(await join(buyers[0]!.token, plain)).toMatchObject({ status: 409, msg: '此商品毋須排隊，可直接購買' });
    expect((await buy(buyers[0]!.token, plain)).status).toBe(200);
    expect(
      (await t.call('GET', 'queue/status', { token: buyers[0]!.token, query: { kind: 'pack', id: 'pks_none' } }))
        .status,
    ).toBe(404);
  });

  it('needs the admission: none, another drop’s and a spent one are refused in words; admitted buys once', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MIN);
    const hot = await series({ hot: true, saleStartsAt: start.toISOString() });
    const rate = await t.call<AdminQueue>('POST', 'admin/queue/rate', {
      token: shop.op.token,
      body: { kind: 'pack', id: hot, perMinute: 1 },
    });
    expect(rate).toMatchObject({ status: 200, data: { perMinute: 1, custom: true } });
    expect(await auditOf(t, hot, 'drop_queue.rate')).toHaveLength(1);

    const [a, b, c] = buyers.slice(1, 4) as [(typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0]];
    for (const u of [a, b]) expect((await join(u.token, hot)).data.phase).toBe('waiting_start');
    t.clock.set(new Date(start.getTime() + 1));
    const shuffled = [a, b].sort(
      (x, y) =>
        t.app.services.queue.shuffleOf(x.id, { kind: 'pack', id: hot, startMs: start.getTime() }) -
        t.app.services.queue.shuffleOf(y.id, { kind: 'pack', id: hot, startMs: start.getTime() }),
    );
    const [first, second] = shuffled as [(typeof buyers)[0], (typeof buyers)[0]];
    const admitted = (await status(first.token, hot)).data;
    expect(admitted).toMatchObject({ kind: 'pack', phase: 'admitted', admitted: 1 });
    expect((await status(second.token, hot)).data).toMatchObject({ phase: 'waiting', position: 1, etaSeconds: 60 });

    // No token, someone else's, another series' and a hot card drop's of the same start: 409s in words.
    const otherPack = await series({ hot: true, saleStartsAt: start.toISOString() });
    const card = await createDrop(t.db, { editionSize: 3, perUserLimit: 1, hot: true, saleStartsAt: start });
    const orderCard = (token: string, admission: string) =>
      t.call<PayOrder>('POST', 'payOrder/create', {
        token,
        body: { type: 'card', cardInfoId: card, quantity: 1 },
        headers: { 'Idempotency-Key': `packq-key-${keySeq++}`, 'X-Admission-Token': admission },
      });
    const refusals: [Promise<{ status: number; msg: string }>, string][] = [
      [buy(c.token, hot), '這是熱門商品，請先在商品頁排隊：輪到你時才可購買'],
      [buy(second.token, hot, admitted.token), '此入場憑證不屬於你的帳戶'],
      [buy(first.token, otherPack, admitted.token), '此入場憑證不適用於這件商品'],
      [orderCard(first.token, admitted.token!), '此入場憑證不適用於這件商品'],
    ];
    for (const [answer, msg] of refusals) expect(await answer).toMatchObject({ status: 409, msg });

    // Admitted: buys; the retry of its key gets the order back; a second order with the admission does not.
    const key = 'packq-first';
    const order = await buy(first.token, hot, admitted.token, key);
    expect(order.status).toBe(200);
    expect((await buy(first.token, hot, admitted.token, key)).data.orderNo).toBe(order.data.orderNo);
    const spent = await buy(first.token, hot, admitted.token);
    expect(spent).toMatchObject({ status: 409, msg: '你已用此排隊資格下單：每個排隊位置只可下單一次' });
    expect((await status(first.token, hot)).data.phase).toBe('used');
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.data.orderNo}/confirm` })).statusCode).toBe(
      303,
    );

    // The fairness report covers the series: who joined, who was admitted, who bought with an admission.
    const report = await t.call<QueueReport>('GET', 'queue/report', { query: { kind: 'pack', id: hot } });
    expect(report.data).toMatchObject({
      kind: 'pack',
      joinedBeforeStart: 2,
      joinedAfterStart: 0,
      admitted: 1,
      buyers: 1,
      unitsSold: 1,
      perUserLimit: 1,
      mostByOneBuyer: 1,
      capsHeld: true,
      sellOutSeconds: null,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf, signInOperator } from '../../testing/operator';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminQueue, QueueReport, QueueStatus } from '../../../shared/schemas/queue';
import { createBuyers, createDrop } from '../pay-orders/pay-orders.fixtures';

const MIN = 60_000;
let keySeq = 0;

/** The waiting room through the API on the embedded database (the in-process store); Redis: queue.redis.test.ts. */
describe('waiting room of a hot drop', () => {
  let t: TestApp;
  let buyers: { id: string; token: string }[];
  let operator: { token: string };
  const join = (token: string, id: string) =>
    t.call<QueueStatus>('POST', 'queue/join', { token, body: { kind: 'card', id } });
  const status = (token: string, id: string) =>
    t.call<QueueStatus>('GET', 'queue/status', { token, query: { kind: 'card', id } });
  const buy = (token: string, id: string, admission?: string | null, key = `queue-key-${keySeq++}`) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token,
      body: { type: 'card', cardInfoId: id, quantity: 1 },
      headers: { 'Idempotency-Key': key, ...(admission ? { 'X-Admission-Token': admission } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp();
    buyers = await createBuyers(t.db, 8, t.clock.now());
    operator = await signInOperator(t);
  });
  afterAll(() => t.close());

  it('refuses an item that is not hot, and a room not open yet', async () => {
    const plain = await createDrop(t.db, { editionSize: 5, perUserLimit: 1 });
    expect(await join(buyers[0]!.token, plain)).toMatchObject({ status: 409, msg: '此商品毋須排隊，可直接購買' });
    // An unflagged drop sells without any admission, as the seed's client expects.
    expect((await buy(buyers[0]!.token, plain)).status).toBe(200);
    const later = await createDrop(t.db, {
      editionSize: 5,
      perUserLimit: 1,
      hot: true,
      saleStartsAt: new Date(t.clock.now().getTime() + 30 * MIN),
    });
    const early = await join(buyers[0]!.token, later);
    expect(early.status).toBe(409);
    expect(early.msg).toMatch(/^排隊將於 .+ 開始（開售前 10 分鐘）$/);
    expect((await status(buyers[0]!.token, later)).data.phase).toBe('closed');
    expect((await t.call('POST', 'queue/join', { body: { kind: 'card', id: later } })).status).toBe(403);
  });

  it('shuffles the early joiners at the start, queues later ones by arrival, admits at the rate, one order per admission', async () => {
    const start = new Date(t.clock.now().getTime() + 5 * MIN);
    const drop = await createDrop(t.db, { editionSize: 3, perUserLimit: 1, hot: true, saleStartsAt: start });
    const set = await t.call<AdminQueue>('POST', 'admin/queue/rate', {
      token: operator.token,
      body: { kind: 'card', id: drop, perMinute: 1 },
    });
    expect(set).toMatchObject({ status: 200, data: { perMinute: 1, custom: true } });
    expect(await auditOf(t, drop, 'drop_queue.rate')).toHaveLength(1);
    expect(
      (await t.call('GET', 'admin/queue', { token: buyers[0]!.token, query: { kind: 'card', id: drop } })).status,
    ).toBe(404);

    const early = buyers.slice(0, 6);
    for (const b of early) expect((await join(b.token, drop)).data.phase).toBe('waiting_start');
    // Joining twice keeps the one place.
    expect((await join(early[0]!.token, drop)).data).toMatchObject({ phase: 'waiting_start', joined: 6 });
    // Each asks for the drawn place at its turn among those who joined so far (1 a minute): in the shuffle's order,
    // and a later joiner only moves it back, so never after the turn.
    const drawOf = (b: (typeof early)[number]) =>
      t.app.services.queue.shuffleOf(b.id, { kind: 'card', id: drop, startMs: start.getTime() });
    const inOrder = [...early].sort((a, b) => drawOf(a) - drawOf(b));
    const asks = await Promise.all(
      inOrder.map(async (b) => Date.parse((await status(b.token, drop)).data.askAt!) - start.getTime()),
    );
    expect(asks).toEqual(inOrder.map((_, rank) => rank * 60_000));

    t.clock.set(new Date(start.getTime() + 1));
    const late = buyers[6]!;
    expect((await join(late.token, drop)).data).toMatchObject({ phase: 'waiting', position: 7 - 1, joined: 7 });
    // The early joiners' order is the secret shuffle's, not their arrival's.
    const shuffled = [...early].sort(
      (a, b) =>
        t.app.services.queue.shuffleOf(a.id, { kind: 'card', id: drop, startMs: start.getTime() }) -
        t.app.services.queue.shuffleOf(b.id, { kind: 'card', id: drop, startMs: start.getTime() }),
    );
    const first = shuffled[0]!;
    const admitted = (await status(first.token, drop)).data;
    expect(admitted).toMatchObject({ phase: 'admitted', admitted: 1 });
    for (const [i, b] of shuffled.slice(1).entries())
      expect((await status(b.token, drop)).data).toMatchObject({
        phase: 'waiting',
        position: i + 1,
        etaSeconds: (i + 1) * 60,
      });

    // Without, with someone else's, with a forged and with another drop's token: 409s in words.
    const second = shuffled[1]!;
    expect(await buy(second.token, drop)).toMatchObject({
      status: 409,
      msg: '這是熱門商品，請先在商品頁排隊：輪到你時才可購買',
    });
    expect(await buy(second.token, drop, admitted.token)).toMatchObject({
      status: 409,
      msg: '此入場憑證不屬於你的帳戶',
    });
    expect(await buy(first.token, drop, `${admitted.token}x`)).toMatchObject({
      status: 409,
      msg: '入場憑證無效，請返回商品頁重新排隊',
    });
    const other = await createDrop(t.db, { editionSize: 3, perUserLimit: 1, hot: true, saleStartsAt: start });
    expect(await buy(first.token, other, admitted.token)).toMatchObject({
      status: 409,
      msg: '此入場憑證不適用於這件商品',
    });

    const key = 'queue-first-order';
    const order = await buy(first.token, drop, admitted.token, key);
    expect(order.status).toBe(200);
    // The retry of its key gets the order back; a new order with the spent admission does not.
    expect((await buy(first.token, drop, admitted.token, key)).data.orderNo).toBe(order.data.orderNo);
    expect(await buy(first.token, drop, admitted.token)).toMatchObject({
      status: 409,
      msg: '你已用此排隊資格下單：每個排隊位置只可下單一次',
    });
    expect((await status(first.token, drop)).data.phase).toBe('used');

    // A minute later the next in the shuffle is admitted; their token expires with the 10-minute window.
    t.clock.advance(MIN);
    const next = (await status(second.token, drop)).data;
    expect(next.phase).toBe('admitted');
    t.clock.advance(10 * MIN + 1);
    expect(await buy(second.token, drop, next.token)).toMatchObject({
      status: 409,
      msg: '入場憑證已過期，請返回商品頁查看排隊狀態',
    });
    expect((await status(second.token, drop)).data.phase).toBe('expired');

    const report = await t.call<QueueReport>('GET', 'queue/report', { query: { kind: 'card', id: drop } });
    expect(report.data).toMatchObject({
      joinedBeforeStart: 6,
      joinedAfterStart: 1,
      admitted: 2,
      buyers: 0,
      perUserLimit: 1,
      mostByOneBuyer: 1,
      capsHeld: true,
      sellOutSeconds: null,
    });
  });
});

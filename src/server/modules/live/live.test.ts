import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../adapters/ids';
import type { StockEvent } from '../../../shared/schemas/live';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTestStream, type TestStream } from '../../testing/sse-client';
import { until } from '../../testing/redis-instances';
import { createBuyers, createDrop, createProduct } from '../pay-orders/pay-orders.fixtures';

/** `GET /api/stream` over real HTTP (issue 23): stock to anyone following a drop, a user's events to that user only. */
describe('live stream API', () => {
  let t: TestApp;
  let base: string;
  let buyers: { id: string; token: string }[];
  const streams: TestStream[] = [];
  const open = async (topics: string[], token?: string) => {
    const s = await openTestStream(base, topics, token);
    streams.push(s);
    return s;
  };
  const buy = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': newId('k') },
      payload: { quantity: 1, ...body },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { STREAM_PER_IP: '4' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    buyers = await createBuyers(t.db, 3, t.clock.now());
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('answers an event stream that no proxy buffers, compresses or caches', async () => {
    const s = await open([]);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    await s.comment('ready');
    s.close();
  });

  it('sends a drop’s stock on subscribing and again after a sale commits', async () => {
    const drop = await createDrop(t.db, { editionSize: 3, perUserLimit: 3 });
    const product = await createProduct(t.db, { stock: 2, perUserLimit: 2 });
    const s = await open([`drop:${drop}`, `product:${product}`]);
    const first = (await s.next((m) => m.topic === `drop:${drop}`)).event as StockEvent;
    expect(first).toMatchObject({ type: 'stock', saleState: 'on_sale', left: 3, total: 3, taken: 0 });
    await s.next((m) => m.topic === `product:${product}` && (m.event as StockEvent).left === 2);
    await s.comment('ready');

    expect((await buy(buyers[0]!.token, { type: 'card', cardInfoId: drop })).statusCode).toBe(200);
    const after = await s.next((m) => m.topic === `drop:${drop}` && (m.event as StockEvent).left === 2);
    expect(after.event).toMatchObject({ saleState: 'on_sale', left: 2 });

    // Two at once: coalesced, and the last word is the state after both (sold out).
    await Promise.all([1, 2].map((i) => buy(buyers[i]!.token, { type: 'card', cardInfoId: drop })));
    await s.next((m) => m.topic === `drop:${drop}` && (m.event as StockEvent).saleState === 'sold_out', 3_000);
    expect(s.messages.filter((m) => m.topic === `product:${product}`)).toHaveLength(1);
    // A stream opened now starts from the state kept from those messages.
    const late = await open([`drop:${drop}`]);
    expect((await late.next(() => true)).event).toMatchObject({ saleState: 'sold_out', left: 0, taken: 0 });
    s.close();
    late.close();
  });

  it('a claim the database refused (rolled back) sends nothing', async () => {
    const drop = await createDrop(t.db, { editionSize: 1, perUserLimit: 1 });
    const s = await open([`drop:${drop}`]);
    await s.comment('ready');
    expect((await buy(buyers[0]!.token, { type: 'card', cardInfoId: drop })).statusCode).toBe(200);
    await s.next((m) => (m.event as StockEvent).saleState === 'sold_out');
    // The claim reaches the database (no sold-out flag yet on this instance) and its CHECK refuses it.
    expect((await buy(buyers[1]!.token, { type: 'card', cardInfoId: drop })).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 400));
    expect(s.messages.map((m) => (m.event as StockEvent).left)).toEqual([1, 0]);
    s.close();
  });

  it('a user’s own event reaches that user’s streams only', async () => {
    const [alice, bob] = buyers as [{ id: string; token: string }, { id: string; token: string }];
    const a = await open([], alice.token);
    const b = await open([], bob.token);
    const anon = await open([]);
    await Promise.all([a, b, anon].map((s) => s.comment('ready')));
    const note = { type: 'notification', id: 'ntf_1', title: '已售出', link: '/my/notifications' };
    t.app.services.live.publishUser(alice.id, note);
    t.app.services.live.publishUser(bob.id, { ...note, id: 'ntf_2' });
    expect((await a.next((m) => m.topic === 'user')).event).toEqual(note);
    await b.next((m) => m.topic === 'user');
    // Delivered in order in the process: had Alice's reached Bob, it would be there before his own.
    expect(b.messages.map((m) => m.event)).toEqual([{ ...note, id: 'ntf_2' }]);
    expect(a.messages).toHaveLength(1);
    expect(anon.messages).toHaveLength(0);
    for (const s of [a, b, anon]) s.close();
  });

  it('answers a token of no live session (made up, revoked, expired) with the 403 that signs out; none stays anonymous', async () => {
    const drop = await createDrop(t.db, { editionSize: 2, perUserLimit: 1 });
    const [who] = await createBuyers(t.db, 1, t.clock.now());
    const refusal = async (token: string) => {
      const res = await fetch(`${base}/api/stream?topics=drop:${drop}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return [res.status, ((await res.json()) as { code: number; msg: string }).msg];
    };
    expect(await refusal('tok_made_up')).toEqual([403, '請先登入']);
    const live = await open([`drop:${drop}`], who!.token);
    await live.comment('ready');
    live.close();
    expect((await t.call('POST', 'user/logout', { token: who!.token })).status).toBe(200);
    expect(await refusal(who!.token)).toEqual([403, '請先登入']);
    const [stale] = await createBuyers(t.db, 1, new Date(t.clock.now().getTime() - 31 * 24 * 3600_000));
    expect(await refusal(stale!.token)).toEqual([403, '請先登入']);
    const anonymous = await open([`drop:${drop}`]);
    expect(anonymous.status).toBe(200);
    await anonymous.next((m) => m.topic === `drop:${drop}`);
    anonymous.close();
  });

  it('refuses bad topics and too many streams from one address with a zh-HK envelope', async () => {
    const bad = await t.call('GET', 'stream', { query: { topics: 'user:usr_1' } });
    expect([bad.status, bad.msg]).toEqual([400, '主題格式不正確（drop:…、product:… 或 queue.…:…）']);
    const many = Array.from({ length: 11 }, (_, i) => `drop:c${i}`).join(',');
    expect((await t.call('GET', 'stream', { query: { topics: many } })).status).toBe(400);
    await until('earlier streams closed', () => t.app.services.live.stats().streams === 0);
    const held = await Promise.all([1, 2, 3, 4].map(() => open([])));
    const refused = await fetch(`${base}/api/stream`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { msg: string }).msg).toContain('即時連線太多');
    for (const s of held) s.close();
  });

  it('forgets every listener of a stream once its client goes', async () => {
    const drop = await createDrop(t.db, { editionSize: 5, perUserLimit: 1 });
    // The test before held this address's every stream: until the server has seen them close, a new one is a 429.
    await until('earlier streams closed', () => t.app.services.live.stats().streams === 0);
    const held = await Promise.all([
      open([`drop:${drop}`], buyers[0]!.token),
      open([`drop:${drop}`, 'product:x']),
      open([], buyers[1]!.token),
    ]);
    await Promise.all(held.map((s) => s.comment('ready')));
    expect(t.app.services.live.stats()).toMatchObject({ streams: 3, listeners: 5, addresses: 1 });
    for (const s of held) s.close();
    // The server learns of each close from its socket: seconds at most, on a loaded machine.
    for (let i = 0; i < 150 && t.app.services.live.stats().streams > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(t.app.services.live.stats()).toMatchObject({
      streams: 0,
      topics: 0,
      kept: 0,
      users: 0,
      listeners: 0,
      addresses: 0,
    });
  });
});

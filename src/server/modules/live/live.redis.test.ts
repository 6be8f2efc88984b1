import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import type { StockEvent } from '../../../shared/schemas/live';
import { testRedisUrl, twoInstances, type Instances } from '../../testing/redis-instances';
import { openTestStream, type TestStream } from '../../testing/sse-client';
import { createBuyers, createDrop } from '../pay-orders/pay-orders.fixtures';

const TEST_REDIS_URL = testRedisUrl('live streams across two instances');

describe.skipIf(!TEST_REDIS_URL)('live streams of two instances on one Redis', () => {
  let instances: Instances;
  const clock = new ManualClock(new Date());
  const bases: string[] = [];
  const streams: TestStream[] = [];

  beforeAll(async () => {
    instances = await twoInstances(TEST_REDIS_URL!, clock, 'livetest');
    for (const app of instances.apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await instances?.close();
  });

  it('a sale on one instance reaches a stream on the other, and so does a user event', async () => {
    const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
    const { db } = instances;
    const drop = await createDrop(db, { editionSize: 4, perUserLimit: 1 });
    const [alice, bob] = await createBuyers(db, 2, clock.now());
    const onTwo = await openTestStream(bases[1]!, [`drop:${drop}`], alice!.token);
    const bobOnOne = await openTestStream(bases[0]!, [], bob!.token);
    streams.push(onTwo, bobOnOne);
    await Promise.all([onTwo.comment('ready'), bobOnOne.comment('ready')]);

    const sale = await one.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${bob!.token}`, 'idempotency-key': newId('k') },
      payload: { type: 'card', cardInfoId: drop, quantity: 1 },
    });
    expect(sale.statusCode).toBe(200);
    // Instance two sold nothing: only instance one's message through Redis can say 3 are left.
    const moved = await onTwo.next((m) => (m.event as StockEvent).left === 3);
    expect(moved.event).toMatchObject({ type: 'stock', saleState: 'on_sale', total: 4 });

    one.services.live.publishUser(alice!.id, { type: 'notification', id: 'ntf_x', title: '已售出', link: '/' });
    expect((await onTwo.next((m) => m.topic === 'user')).event).toMatchObject({ id: 'ntf_x' });
    two.services.live.publishUser(bob!.id, { type: 'notification', id: 'ntf_y', title: '已發貨', link: '/' });
    await bobOnOne.next((m) => m.topic === 'user');
    expect(bobOnOne.messages.map((m) => m.event)).toEqual([
      { type: 'notification', id: 'ntf_y', title: '已發貨', link: '/' },
    ]);
  });
});

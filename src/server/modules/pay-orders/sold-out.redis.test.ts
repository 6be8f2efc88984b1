import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import type { Db } from '../../db/client';
import { testRedisUrl, twoInstances, until, type Instances } from '../../testing/redis-instances';
import { createBuyers, createDrop } from './pay-orders.fixtures';

const TEST_REDIS_URL = testRedisUrl('sold-out flags across two instances');

describe.skipIf(!TEST_REDIS_URL)('sold-out flags of two instances on one Redis', () => {
  let instances: Instances;
  let apps: FastifyInstance[];
  const clock = new ManualClock(new Date());
  let db: Db;

  // One database (the one the instances would share), two apps, one Redis namespace of their own.
  beforeAll(async () => {
    instances = await twoInstances(TEST_REDIS_URL!, clock, 'sotest');
    ({ apps, db } = instances);
  });
  afterAll(() => instances?.close());

  it('a release on one instance clears the flag the other set, so its buyers can buy again', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const drop = await createDrop(db, { editionSize: 1, perUserLimit: 1 });
    const [alice, bob, carol] = await createBuyers(db, 3, clock.now());
    const item = { kind: 'card' as const, id: drop };
    const buy = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payOrder/create',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': newId('k') },
        payload: { type: 'card', cardInfoId: drop, quantity: 1 },
      });

    const first = await buy(one, alice!.token);
    expect(first.statusCode).toBe(200);
    // Each instance learns "sold out" from its own claim, and then answers from memory.
    expect((await buy(one, bob!.token)).json()).toMatchObject({ code: 409, msg: '此卡牌已售罄' });
    expect((await buy(two, carol!.token)).json()).toMatchObject({ code: 409, msg: '此卡牌已售罄' });
    await until('both instances flag the drop', () =>
      apps.every((a) => a.services.catalogue.soldOut.refuses(item, newId('k'))),
    );

    const cancel = await one.inject({
      method: 'POST',
      url: '/api/payOrder/cancel',
      headers: { authorization: `Bearer ${alice!.token}` },
      payload: { orderNo: first.json().data.orderNo },
    });
    expect(cancel.statusCode).toBe(200);
    // Instance two did nothing itself: only the message from instance one can clear its flag.
    await until('instance two hears of the release', () => !two.services.catalogue.soldOut.refuses(item, newId('k')));
    const again = await buy(two, carol!.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'pending', itemId: drop });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import { createKeys } from '../../adapters/keys';
import { buildApp } from '../../app';
import { openTestDatabase } from '../../testing/test-db';
import { testConfig, testDeps } from '../../testing/test-app';
import type { Db } from '../../db/client';
import { createBuyers, createDrop } from './pay-orders.fixtures';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;
if (!TEST_REDIS_URL)
  console.log('skipped: sold-out flags across two instances need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');

/** Waits for something another instance sends through Redis (delivery, not speed, is under test). */
async function until(what: string, cond: () => boolean) {
  for (let i = 0; i < 500; i++) {
    if (cond()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(!TEST_REDIS_URL)('sold-out flags of two instances on one Redis', () => {
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  const clock = new ManualClock(new Date());
  let db: Db;

  beforeAll(async () => {
    // One database (the one the instances would share), two apps, one Redis namespace of their own.
    const database = await openTestDatabase();
    db = database.db;
    const namespace = `${newId('sotest')}:`;
    const config = testConfig();
    const keys = createKeys(config.APP_SECRET);
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const app = await buildApp({
        deps: testDeps(config, db, clock, keys),
        redis,
        broadcastNamespace: namespace,
        rateLimitNamespace: `${namespace}rl-`,
        onClose: i === 0 ? () => database.close() : undefined,
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const c of clients) await c.quit();
  });

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

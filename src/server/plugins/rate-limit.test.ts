import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../adapters/clock';
import { newId } from '../adapters/ids';
import { buildApp } from '../app';
import { createKeys } from '../adapters/keys';
import { createRedis } from '../adapters/redis';
import { freePort } from '../testing/free-port';
import { openTestDatabase } from '../testing/test-db';
import { createTestApp, testConfig, type TestApp, testDeps } from '../testing/test-app';

describe('rate limits of one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('count the sandbox checkout pages, which pay orders, like the API', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/pay/sandbox/TR2611220000ABCD',
        remoteAddress: '203.0.113.20',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toEqual({ code: 429, msg: '操作過於頻繁，請稍後再試', data: null });
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/TR2611220000ABCD/confirm',
      remoteAddress: '203.0.113.20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(429);
    // Another client is not affected; the web app's own files are never counted.
    expect(
      (await t.app.inject({ method: 'GET', url: '/pay/sandbox/TR2611220000ABCD', remoteAddress: '203.0.113.21' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('rate limits while Redis cannot be reached', () => {
  it('are counted by the instance: a client over the limit gets 429 at once, and readiness says why', async () => {
    const database = await openTestDatabase({ postgres: false });
    // Nothing listens there: every connection is refused, as with a Redis that is down.
    const redis = createRedis(`redis://127.0.0.1:${await freePort()}`);
    const app = await buildApp({
      deps: testDeps(testConfig({ RATE_LIMIT_PER_MINUTE: '3' }), database.db),
      redis,
      onClose: async () => {
        redis.disconnect();
        await database.close();
      },
    });
    try {
      await app.ready();
      const started = performance.now();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await app.inject({ url: '/api/banner', remoteAddress: '203.0.113.30' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(performance.now() - started).toBeLessThan(2_000);
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 503, msg: '服務暫時無法使用：Redis 未能連線', data: null });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;
if (!TEST_REDIS_URL)
  console.log('skipped: shared rate limits across instances need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');

describe.skipIf(!TEST_REDIS_URL)('rate limits shared through Redis', () => {
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const c of clients) await c.quit();
  });

  it('counts requests to two server instances against one limit', async () => {
    const namespace = `${newId('rltest')}-`;
    const database = await openTestDatabase({ postgres: false });
    const config = testConfig({ RATE_LIMIT_PER_MINUTE: '4' });
    const keys = createKeys(config.APP_SECRET);
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const app = await buildApp({
        deps: testDeps(config, database.db, new ManualClock(), keys),
        redis,
        rateLimitNamespace: namespace,
        onClose: i === 0 ? () => database.close() : undefined,
      });
      apps.push(app);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await apps[i % 2]!.inject({ method: 'GET', url: '/api/banner', remoteAddress: '203.0.113.9' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toEqual({ code: 429, msg: '操作過於頻繁，請稍後再試', data: null });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { cardInfos } from '../db/schema';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../adapters/clock';
import { createKeys } from '../adapters/keys';
import { newId } from '../adapters/ids';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { createBuyers, createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import { testConfig, testDeps } from '../testing/test-app';
import { openTestDatabase } from '../testing/test-db';
import type { CardInfo } from '../../shared/schemas/catalogue';
import { createLocalBroadcast } from '../adapters/broadcast';
import { createCommitHooks } from '../db/commit-hooks';
import { createPublicCache, PUBLIC_CACHE_TTL_MS } from './public-cache';

describe('public cache', () => {
  it('keeps an answer only under the generation it was computed in', async () => {
    const cache = createPublicCache({ clock: new ManualClock() });
    const early = cache.ticket('catalogue', 'k');
    cache.invalidate('catalogue');
    await cache.put(early, '"old"');
    expect(cache.get('catalogue', 'k')).toBeNull();
    const late = cache.ticket('catalogue', 'k');
    const answer = await cache.put(late, '"new"');
    expect(cache.get('catalogue', 'k')).toMatchObject(answer);
    expect(answer.etag).toMatch(/^"[\w-]+"$/);
  });

  it("expires answers at the tag's next clock change, looked up once per generation", async () => {
    const clock = new ManualClock();
    const cache = createPublicCache({ clock, ttlMs: 120_000 });
    const change = new Date(clock.now().getTime() + 60_000);
    let lookups = 0;
    cache.define('content', {
      nextChange: async () => {
        lookups++;
        return change;
      },
    });
    await cache.put(cache.ticket('content', 'a'), '1');
    await cache.put(cache.ticket('content', 'b'), '2');
    expect(lookups).toBe(1);
    clock.advance(59_999);
    expect(cache.get('content', 'a')?.payload).toBe('1');
    clock.advance(1);
    expect(cache.get('content', 'a')).toBeNull();
  });

  it('serves an answer PUBLIC_CACHE_TTL_MS at most, whatever the messages say (a lost invalidation)', async () => {
    const clock = new ManualClock();
    const cache = createPublicCache({ clock });
    await cache.put(cache.ticket('content', 'a'), '1');
    clock.advance(PUBLIC_CACHE_TTL_MS - 1);
    expect(cache.get('content', 'a')?.payload).toBe('1');
    clock.advance(1);
    expect(cache.get('content', 'a')).toBeNull();
  });

  it('keeps serving while the broadcast is not live, and forgets everything on a gap', async () => {
    let gap = () => undefined as void;
    const broadcast = { ...createLocalBroadcast(), live: () => false, onGap: (fn: () => void) => void (gap = fn) };
    const cache = createPublicCache({ clock: new ManualClock(), broadcast });
    await cache.put(cache.ticket('content', 'a'), '1');
    expect(cache.get('content', 'a')?.payload).toBe('1');
    gap();
    expect(cache.get('content', 'a')).toBeNull();
  });

  it('marks a tag stale again once the transaction that invalidated it commits', async () => {
    const database = await openDatabase({});
    try {
      const hooks = createCommitHooks();
      const cache = createPublicCache({ clock: new ManualClock(), afterCommit: hooks.afterCommit });
      const db = hooks.track(database.db);
      await db.transaction(async () => {
        cache.invalidate('catalogue');
        // A reader inside the window (the write is not visible to others yet) computes the old rows.
        await cache.put(cache.ticket('catalogue', 'k'), '"before the commit"');
        expect(cache.get('catalogue', 'k')).not.toBeNull();
      });
      expect(cache.get('catalogue', 'k')).toBeNull();
      // A rolled-back transaction changed nothing: answers kept after it stay.
      await cache.put(cache.ticket('catalogue', 'k'), '"after"');
      await expect(
        db.transaction(async () => {
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(cache.get('catalogue', 'k')?.payload).toBe('"after"');
    } finally {
      await database.close();
    }
    // Opening and migrating a PGlite database takes 20–30 s on a busy shared machine.
  }, 360_000);

  it('answers without keeping anything when the next change cannot be looked up', async () => {
    const errors: unknown[] = [];
    const cache = createPublicCache({ clock: new ManualClock(), onError: (err) => errors.push(err) });
    cache.define('content', { nextChange: () => Promise.reject(new Error('database down')) });
    const answer = await cache.put(cache.ticket('content', 'k'), '"x"');
    expect(answer.payload).toBe('"x"');
    expect(cache.get('content', 'k')).toBeNull();
    expect(errors).toHaveLength(1);
  });
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;
if (!TEST_REDIS_URL)
  console.log(
    'skipped: the public cache shared by several instances needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)',
  );

describe.skipIf(!TEST_REDIS_URL)('public cache shared through Redis', () => {
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const c of clients) await c.quit();
  });

  it("a purchase on one instance refreshes the other instance's cached list", async () => {
    const channel = `${newId('pctest')}`;
    // One database for both instances (PostgreSQL when configured, as in production).
    const database = await openTestDatabase();
    const config = testConfig();
    const keys = createKeys(config.APP_SECRET);
    const clock = new ManualClock();
    const drop = await createDrop(database.db, {
      editionSize: 10,
      perUserLimit: 5,
      saleStartsAt: new Date(clock.now().getTime() - 60_000),
    });
    const [buyer] = await createBuyers(database.db, 1, clock.now());
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      apps.push(
        await buildApp({
          deps: testDeps(config, database.db, clock, keys),
          redis,
          broadcastNamespace: channel,
          // B's kept answer is checked below: a stall of the gate's loaded machine must not empty it (heartbeat gap).
          broadcastHeartbeatMs: 60_000,
          onClose: i === 0 ? () => database.close() : undefined,
        }),
      );
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const info = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/api/cardInfo/list?page=1&pageSize=20' });
      return (res.json() as { data: CardInfo[] }).data.find((c) => c.id === drop)!;
    };
    const left = async (app: FastifyInstance) => (await info(app)).left;
    expect(await left(b)).toBe(10);
    // B answers from its memory: a row changed behind the services' back does not show…
    await database.db.update(cardInfos).set({ name: '改名龍' }).where(eq(cardInfos.id, drop));
    expect((await info(b)).name).toBe('火焰龍');
    const etag = (await b.inject({ method: 'GET', url: '/api/cardInfo/list?page=1&pageSize=20' })).headers.etag;

    const order = await a.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${buyer!.token}`, 'idempotency-key': 'redis-cache-1' },
      payload: { type: 'card', cardInfoId: drop, quantity: 3 },
    });
    expect(order.statusCode).toBe(200);
    // Pub/sub is asynchronous: B learns of A's write within moments, never stays stale.
    await expect.poll(() => left(b), { timeout: 5_000, interval: 20 }).toBe(7);
    // …until A's write invalidated B's answers too.
    expect((await info(b)).name).toBe('改名龍');
    expect((await b.inject({ method: 'GET', url: '/api/cardInfo/list?page=1&pageSize=20' })).headers.etag).not.toBe(
      etag,
    );
  });
});

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import { testRedisUrl, twoInstances, type Instances } from '../../testing/redis-instances';
import type { QueueStatus } from '../../../shared/schemas/queue';
import { createBuyers, createDrop } from '../pay-orders/pay-orders.fixtures';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../testing/test-db';
import { createDurableQueueStore } from './durable-queue-store';
import { createMemoryQueueCopy, type QueueCopy, type QueueStore } from './queue-store';
import { createRedisQueueCopy } from './redis-queue-store';

const TEST_REDIS_URL = testRedisUrl('the waiting room in Redis (its scripts, and two instances sharing a queue)');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** A copy whose every call fails, as a Redis that is away (or behind an open circuit) does. */
const awayCopy = (): QueueCopy => {
  const away = () => Promise.reject(new Error('copy away'));
  return {
    join: away,
    standing: away,
    admit: away,
    turns: away,
    loaded: away,
    load: away,
    claim: away,
    release: away,
  };
};

/**
 * The same behaviour from both copies over the database's record: one suite, run on memory always and on Redis when
 * there is one (decision 051).
 */
function storeSuite(name: string, copy: () => QueueCopy) {
  const make = (c = copy()): QueueStore => createDurableQueueStore(database.db, c);
  describe(`queue store: ${name}`, () => {
    it('orders early joiners by shuffle score, later ones by arrival, keeps one place per user, admits once', async () => {
      const store = make();
      const q = newId('q');
      await store.join(q, 'u_a', 0.7, 0, 1);
      // A join answers where the joiner stands then, as `standing` would.
      expect(await store.join(q, 'u_b', 0.2, 0, 2)).toEqual({ score: 0.2, rank: 0, size: 2, admittedAt: null });
      expect((await store.join(q, 'u_a', 0.1, 0, 3)).score).toBe(0.7);
      const c = (await store.join(q, 'u_c', null, 0, 4)).score;
      const d = (await store.join(q, 'u_d', null, 0, 5)).score;
      // Arrival numbers: after every shuffle score, in order of arrival (one sequence for all queues: gaps allowed).
      expect(c).toBeGreaterThan(1);
      expect(d).toBeGreaterThan(c);
      expect((await store.join(q, 'u_c', null, 0, 6)).score).toBe(c);
      expect(await store.standing(q, 'u_b', 0, 10)).toEqual({ rank: 0, size: 4, admittedAt: null });
      expect(await store.standing(q, 'u_a', 2, 20)).toEqual({ rank: 1, size: 4, admittedAt: 20 });
      // Admitted once: a later standing keeps the first time.
      expect(await store.standing(q, 'u_a', 3, 30)).toEqual({ rank: 1, size: 4, admittedAt: 20 });
      expect(await store.standing(q, 'u_d', 3, 30)).toEqual({ rank: 3, size: 4, admittedAt: null });
      expect(await store.standing(q, 'u_x', 3, 30)).toEqual({ rank: null, size: 4, admittedAt: null });
      expect(await store.counts(q)).toEqual({ before: 2, after: 2, admitted: 1 });
      // A join (or a second one) whose rank the schedule has reached admits, once, like a standing.
      const e = await store.join(q, 'u_e', null, 5, 40);
      expect(e).toEqual({ score: e.score, rank: 4, size: 5, admittedAt: 40 });
      expect(e.score).toBeGreaterThan(d);
      expect(await store.join(q, 'u_e', null, 5, 50)).toEqual(e);
    });

    it('answers each member’s turn once, in rank order, at most `max` at a time and never past the queue', async () => {
      const store = make();
      const q = newId('q');
      for (const u of ['u_a', 'u_b', 'u_c']) await store.join(q, u, null, 0, 0);
      expect(await store.turns(q, 0, 10)).toEqual([]);
      expect(await store.turns(q, 2, 1)).toEqual(['u_a']);
      expect(await store.turns(q, 2, 10)).toEqual(['u_b']);
      expect(await store.turns(q, 2, 10)).toEqual([]);
      expect(await store.turns(q, 50, 10)).toEqual(['u_c']);
      await store.join(q, 'u_d', null, 0, 0);
      expect(await store.turns(q, 50, 10)).toEqual(['u_d']);
    });

    it('gives concurrent arrivals distinct places', async () => {
      const store = make();
      const q = newId('q');
      const joins = await Promise.all(Array.from({ length: 200 }, (_, i) => store.join(q, `u_${i}`, null, 0, 0)));
      expect(new Set(joins.map((j) => j.score)).size).toBe(200);
      expect(new Set(joins.map((j) => j.rank)).size).toBe(200);
      expect((await store.counts(q)).after).toBe(200);
    });

    it('a copy lost (a new process, a flushed Redis) or away answers the same places, admissions and turns', async () => {
      const q = newId('q');
      const shared = copy();
      const first = make(shared);
      // Shuffle scores 0, 0.75, 0.5 and 0.25: the order a, d, c, b, then e after the start.
      for (const [i, u] of ['u_a', 'u_b', 'u_c', 'u_d'].entries()) await first.join(q, u, ((i * 7) % 4) / 4, 0, 1);
      const late = await first.join(q, 'u_e', null, 0, 2);
      expect((await first.standing(q, 'u_a', 1, 3)).admittedAt).toBe(3);
      expect(await first.turns(q, 2, 10)).toEqual(['u_a', 'u_d']);
      const ranks = async (s: QueueStore, t: number) =>
        Promise.all(['u_a', 'u_b', 'u_c', 'u_d', 'u_e'].map((u) => s.standing(q, u, 2, t)));
      const before = await ranks(first, 4);
      expect(before.map((st) => st.rank)).toEqual([0, 3, 2, 1, 4]);
      // A copy of its own (empty) over the same record; then one that fails on every call.
      for (const [i, store] of [make(), make(awayCopy())].entries()) {
        expect(await ranks(store, 5)).toEqual(before);
        expect((await store.join(q, 'u_e', null, 0, 6)).score).toBe(late.score);
        expect(await store.turns(q, 3 + i, 10)).toEqual([['u_c'], ['u_b']][i]);
      }
      // Another instance on the first copy: the record changed without it, so it is rebuilt before it answers, and
      // the turns told meanwhile are not told again.
      const again = make(shared);
      expect(await again.turns(q, 4, 10)).toEqual([]);
      expect(await again.turns(q, 5, 10)).toEqual(['u_e']);
      expect(await again.standing(q, 'u_d', 2, 7)).toEqual(before[3]);
    });
  });
}

storeSuite('memory', createMemoryQueueCopy);

describe.skipIf(!TEST_REDIS_URL)('the waiting room on Redis', () => {
  let redis: Redis;
  let instances: Instances;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL!);
    instances = await twoInstances(TEST_REDIS_URL!, clock, 'queuetest');
  });
  afterAll(async () => {
    await instances?.close();
    await redis?.quit();
  });

  storeSuite('redis', () => createRedisQueueCopy(redis, `${newId('qt')}:`));

  it('two instances share one queue: a place taken on one is seen on the other, admission on either', async () => {
    const [one, two] = instances.apps;
    const start = new Date(clock.now().getTime() + 60_000);
    const drop = await createDrop(instances.db, { editionSize: 5, perUserLimit: 1, hot: true, saleStartsAt: start });
    const buyers = await createBuyers(instances.db, 3, clock.now());
    const call = (app: typeof one, method: 'GET' | 'POST', token: string) =>
      app.inject({
        method,
        url: method === 'POST' ? '/api/queue/join' : `/api/queue/status?kind=card&id=${drop}`,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: { kind: 'card', id: drop } } : {}),
      });
    for (const [i, b] of buyers.entries())
      expect((await call(i % 2 ? two : one, 'POST', b.token)).statusCode).toBe(200);
    clock.set(new Date(start.getTime() + 1));
    const seen = await Promise.all(
      buyers.map(async (b) => (JSON.parse((await call(two, 'GET', b.token)).body) as { data: QueueStatus }).data),
    );
    expect(seen.map((s) => s.joined)).toEqual([3, 3, 3]);
    // The default rate admits one at once; the other two wait at places 1 and 2, whichever instance answers.
    expect(seen.filter((s) => s.phase === 'admitted')).toHaveLength(1);
    expect(seen.map((s) => s.position).sort()).toEqual([1, 2, null]);
    const admitted = buyers[seen.findIndex((s) => s.phase === 'admitted')]!;
    const order = await one.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: {
        authorization: `Bearer ${admitted.token}`,
        'idempotency-key': newId('k'),
        'x-admission-token': seen.find((s) => s.phase === 'admitted')!.token!,
      },
      payload: { type: 'card', cardInfoId: drop, quantity: 1 },
    });
    expect(order.statusCode).toBe(200);
  });
});

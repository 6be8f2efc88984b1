import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLocalBroadcast, createRedisBroadcast, type Broadcast } from './broadcast';
import { newId } from './ids';

describe('broadcast in one process', () => {
  it('delivers to the subscribers of the channel at once, past a failing one, until they unsubscribe', () => {
    const errors: unknown[] = [];
    const b = createLocalBroadcast({ onError: (err) => errors.push(err) });
    const got: string[] = [];
    b.subscribe('a', () => {
      throw new Error('handler failed');
    });
    const off = b.subscribe('a', (m) => got.push(`a:${m}`));
    b.subscribe('b', (m) => got.push(`b:${m}`));
    b.publish('a', '1');
    off();
    b.publish('a', '2');
    b.publish('b', '3');
    expect(got).toEqual(['a:1', 'b:3']);
    expect(errors).toHaveLength(2);
  });
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;
if (!TEST_REDIS_URL) console.log('skipped: broadcast through Redis needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');

describe.skipIf(!TEST_REDIS_URL)('broadcast through Redis', () => {
  const clients: Redis[] = [];
  const broadcasts: Broadcast[] = [];
  afterAll(async () => {
    for (const b of broadcasts) await b.close();
    for (const c of clients) await c.quit();
  });

  it('reaches the other instance once, and the sender once (no echo)', async () => {
    const namespace = `${newId('bctest')}:`;
    const [one, two] = [0, 1].map(() => {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const b = createRedisBroadcast(redis, { namespace });
      broadcasts.push(b);
      return b;
    }) as [Broadcast, Broadcast];
    const heard = { one: [] as string[], two: [] as string[] };
    one.subscribe('flags', (m) => heard.one.push(m));
    two.subscribe('flags', (m) => heard.two.push(m));
    await Promise.all([one.ready(), two.ready()]);
    expect(one.live() && two.live()).toBe(true);
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 500 && !cond(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    one.publish('flags', 'card:ci_1');
    expect(heard.one).toEqual(['card:ci_1']);
    await until(() => heard.two.length > 0);
    // A marker through Redis after one's message: delivered in order, so an echo of the first would be in by then.
    two.publish('flags', 'end');
    await until(() => heard.one.includes('end'));
    expect(heard.one).toEqual(['card:ci_1', 'end']);
    expect(heard.two).toEqual(['card:ci_1', 'end']);
    await two.close();
    expect(two.live()).toBe(false);
  });

  it("reports a gap when a sender's sequence number jumps (a message was lost)", async () => {
    const namespace = `${newId('bctest')}:`;
    const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    const b = createRedisBroadcast(redis, { namespace });
    broadcasts.push(b);
    const heard: string[] = [];
    let gaps = 0;
    b.subscribe('flags', (m) => heard.push(m));
    b.onGap(() => gaps++);
    await b.ready();
    // Another instance's messages 1, 2 and 4: its 3 never arrived.
    for (const n of [1, 2, 4]) await redis.publish(`${namespace}flags`, `0123456789abcdef ${n}\nm${n}`);
    for (let i = 0; i < 500 && heard.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['m1', 'm2', 'm4']);
    expect(gaps).toBe(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { startFakeRedis } from '../testing/fake-redis-server';
import { until } from '../testing/redis-instances';
import { createMetrics } from './metrics';
import { createRedis, watchRedis } from './redis';
import { guardRedis, redisReadiness, registerBreakerMetrics, RedisBreakerOpenError } from './redis-breaker';

const lines: string[] = [];
const log = {
  warn: (_obj: object, msg: string) => void lines.push(`warn ${msg}`),
  info: (_obj: object, msg: string) => void lines.push(`info ${msg}`),
};
const trouble = (what: string) => void lines.push(`trouble ${what}`);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
  lines.length = 0;
});

/** A client of the app's kind (adapters/redis.ts) on a stand-in Redis, behind a breaker that probes every 20 ms. */
async function guarded() {
  const server = await startFakeRedis();
  const client: Redis = createRedis(server.url);
  const breaker = guardRedis(client, { trouble, log, probeEveryMs: 20 });
  watchRedis(client, 'commands', log, trouble);
  cleanup.push(async () => {
    server.resume();
    client.disconnect();
    await server.close();
  });
  await until('the connection is ready', () => client.status === 'ready');
  return { server, client, breaker };
}

/** How a command ended: its answer, or its error's name and message. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ answered: v }),
    (err: Error) => ({ failed: `${err.name}: ${err.message}` }),
  );

describe('Redis circuit breaker (docs/decisions/052)', () => {
  it('opens on a timeout its PING confirms, refuses every command at once while open, probes, and closes when Redis answers', async () => {
    const { server, client, breaker } = await guarded();
    expect(breaker.state()).toBe('closed');
    expect(await client.ping()).toBe('PONG');
    expect(redisReadiness(breaker, true)).toBe('ready');

    server.hang();
    expect(await outcome(client.get('k'))).toEqual({ failed: 'Error: Command timed out' });
    // The PING sent on the timeout is unanswered too (a bound later): open.
    await until('the breaker opens', () => breaker.state() !== 'closed');
    expect(redisReadiness(breaker, true)).toBe('unanswered');
    const before = server.received.length;
    const refused = await Promise.all(Array.from({ length: 20 }, (_, i) => outcome(client.get(`k${i}`))));
    expect(refused).toEqual(
      Array.from({ length: 20 }, () => ({ failed: `RedisBreakerOpenError: ${new RedisBreakerOpenError().message}` })),
    );
    // While open, only the breaker's own probes reach Redis.
    await until('a probe is sent', () => server.received.length > before);
    expect(new Set(server.received.slice(before))).toEqual(new Set(['ping']));
    expect(breaker.counts()).toMatchObject({ refused: 20, timedOut: 1 });

    server.resume();
    await until('the breaker closes', () => breaker.state() === 'closed');
    expect(await outcome(client.get('k'))).toEqual({ answered: null });
    expect(server.received.at(-1)).toBe('get');
    // One line when it opened, one when it closed.
    expect(lines.filter((l) => l.includes('circuit'))).toEqual([
      expect.stringMatching(/^trouble commands did not answer within 200 ms: circuit open/),
      'info redis: answers again: circuit closed, commands go to Redis again',
    ]);
  });

  it('stays closed when the PING sent on a timeout is answered (an event loop stalled past the bound, not Redis)', async () => {
    const { server, client, breaker } = await guarded();
    server.hang();
    expect(await outcome(client.get('k'))).toEqual({ failed: 'Error: Command timed out' });
    // The answers were only late: callers keep going to Redis while the PING is out, and it is answered.
    const meanwhile = client.get('k2');
    server.resume();
    expect(await meanwhile).toBeNull();
    expect(server.received.filter((c) => c === 'ping')).toHaveLength(1);
    expect(await client.get('k3')).toBeNull();
    expect(breaker.state()).toBe('closed');
    expect(breaker.counts()).toMatchObject({ refused: 0, timedOut: 1 });
    expect(lines.filter((l) => l.includes('circuit'))).toEqual([]);
  });

  it('is open while the connection is lost and closes once it is back; one breaker per client', async () => {
    const { client, breaker } = await guarded();
    expect(guardRedis(client, { trouble, log })).toBe(breaker);
    client.disconnect(true);
    await until('the connection is lost', () => breaker.state() === 'open');
    expect(redisReadiness(breaker, true)).toBe('unreachable');
    await until('the connection is back', () => breaker.state() === 'closed');
    expect(await client.ping()).toBe('PONG');
    expect(redisReadiness(breaker, false)).toBe('unreachable');
  });

  it('shows its state and commands in /metrics', async () => {
    const { server, client, breaker } = await guarded();
    const metrics = createMetrics({ defaults: false, onError: () => undefined });
    registerBreakerMetrics(metrics, breaker);
    await client.ping();
    expect(await metrics.text()).toContain('trove_redis_breaker_state 0');
    server.hang();
    await outcome(client.ping());
    await until('the breaker opens', () => breaker.state() !== 'closed');
    await outcome(client.ping());
    const open = await metrics.text();
    expect(open).toMatch(/trove_redis_breaker_state [12]/);
    expect(open).toContain('# TYPE trove_redis_commands_total counter');
    expect(open).toContain('trove_redis_commands_total{outcome="sent"} 2');
    expect(open).toContain('trove_redis_commands_total{outcome="refused"} 1');
    expect(open).toContain('trove_redis_commands_total{outcome="timed_out"} 1');
  });
});

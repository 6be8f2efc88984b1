import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../adapters/ids';
import { REDIS_COMMAND_TIMEOUT_MS } from '../adapters/redis';
import { cardInfos } from '../db/schema';
import { createBuyers, createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import { freePort } from '../testing/free-port';
import { ownRedisServer, redisServerMissing, type OwnRedisServer } from '../testing/redis-server';
import { startServerProcesses, statusOf, stopServerProcesses, type ServerProcess } from '../testing/server-process';
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-db';
import { testSecret } from '../testing/test-app';
import { reportCheck } from './report';

const skip = !TEST_DATABASE_URL
  ? 'the Redis fault test needs PostgreSQL (set TEST_DATABASE_URL): its two server processes share one database'
  : redisServerMissing() && `the Redis fault test stops and restarts its own Redis: ${redisServerMissing()}`;
if (skip) console.log(`skipped: ${skip}`);

/** The bound on public answers kept in memory, shortened for the test (PUBLIC_CACHE_TTL_MS; 30 s by default). */
const TTL_MS = 2_000;
const LIMIT = 20;

interface Answer {
  status: number;
  ms: number;
  body: { code: number; msg: string; data: unknown };
}

/**
 * Machine check (issue 20): two server processes on one PostgreSQL and their own Redis; Redis is stopped, then
 * started again empty. Readiness follows Redis, no request waits on it, limits hold, nothing kept in memory outlives
 * its bound, and neither instance's log gets raw client output.
 */
describe.skipIf(skip !== null)(
  'Redis faults: two instances stay correct while Redis is down and once it is back',
  () => {
    let redis: OwnRedisServer;
    let servers: ServerProcess[] = [];
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    const started = performance.now();
    const startRedis = () => redis.start();
    const stopRedis = () => redis.stop();

    beforeAll(async () => {
      // The instances start while their Redis is not running yet: they must start anyway.
      redis = ownRedisServer(await freePort());
      database = await openTestDatabase({ postgres: true, poolSize: 2 });
      const ports = [await freePort(), await freePort()];
      const secret = testSecret();
      servers = await startServerProcesses(
        ports.map((port) => ({
          NODE_ENV: 'production',
          PORT: String(port),
          DATABASE_URL: database.url!,
          REDIS_URL: redis.url,
          APP_SECRET: secret,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_PER_MINUTE: String(LIMIT),
          // Each client of the test is told apart by its X-Forwarded-For.
          TRUST_PROXY: 'loopback',
          PUBLIC_CACHE_TTL_MS: String(TTL_MS),
          PAYMENT_PROVIDER: 'sandbox',
          SMS_PROVIDER: 'console',
        })),
        100_000,
      );
    }, 360_000);
    afterAll(async () => {
      await stopServerProcesses(servers);
      await redis?.stop();
      await database?.close();
    });

    let clientNo = 0;
    /** A client of its own (its address), so the rate limit of one step does not reach the next. */
    const newClient = () => `198.51.100.${++clientNo}`;
    const call = async (
      server: ServerProcess,
      method: 'GET' | 'POST',
      url: string,
      opts: { token?: string; body?: object; client?: string; key?: string } = {},
    ): Promise<Answer> => {
      const t0 = performance.now();
      // An instance that stopped answering is reported with how it ended and what it wrote last.
      const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
        method,
        headers: {
          'x-forwarded-for': opts.client ?? newClient(),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.key ? { 'idempotency-key': opts.key } : {}),
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => {
        const { exitCode, signalCode } = server.child;
        throw new Error(
          `${method} ${url} on ${server.port}: ${String(err)}; exit ${exitCode} ${signalCode}\n${server.output.join('\n')}`,
        );
      });
      return { status: res.status, body: (await res.json()) as Answer['body'], ms: performance.now() - t0 };
    };
    /** Milliseconds until `cond` holds on every server (polled every 20 ms), or Infinity after `limitMs`. */
    const until = async (cond: (s: ServerProcess) => Promise<boolean>, limitMs: number): Promise<number> => {
      const t0 = performance.now();
      const done = new Set<ServerProcess>();
      while (performance.now() - t0 < limitMs) {
        for (const s of servers) if (!done.has(s) && (await cond(s))) done.add(s);
        if (done.size === servers.length) return performance.now() - t0;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Number.POSITIVE_INFINITY;
    };
    const ready = (status: number) => async (s: ServerProcess) => (await statusOf(s.port, '/readyz', 1_000)) === status;
    const cardOn = async (s: ServerProcess, id: string) => {
      const list = await call(s, 'GET', '/api/cardInfo/list?page=1&pageSize=50');
      return (list.body.data as { id: string; name: string; left: number }[]).find((c) => c.id === id);
    };
    const nameOn = async (s: ServerProcess, id: string) => (await cardOn(s, id))?.name;
    /** Renames the card behind the services' back (no invalidation: a message lost); ms until both serve it. */
    const renameUnseen = async (id: string, name: string) => {
      await database.db.update(cardInfos).set({ name }).where(eq(cardInfos.id, id));
      return until(async (s) => (await nameOn(s, id)) === name, TTL_MS + 3_000);
    };
    const buy = (s: ServerProcess, token: string, drop: string) =>
      call(s, 'POST', '/api/payOrder/create', {
        token,
        key: newId('key'),
        body: { type: 'card', cardInfoId: drop, quantity: 1 },
      });
    /** How many of `n` requests of one client to `s` were refused with 429. */
    const overLimit = async (s: ServerProcess, n: number, client = newClient()) => {
      const answers = [];
      for (let i = 0; i < n; i++) answers.push(await call(s, 'GET', '/api/banner', { client }));
      return answers.filter((a) => a.status === 429).length;
    };

    it('keeps readiness honest, requests quick, limits and revocations held, and staleness bounded', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const now = new Date();
      const card = await createDrop(database.db, { editionSize: 100, perUserLimit: 5, name: '原名' });
      const single = await createDrop(database.db, { editionSize: 1, perUserLimit: 1, name: '限量一張' });
      const buyers = await createBuyers(database.db, 6, now);
      expect(await until(ready(503), 2_000)).toBeLessThan(2_000);
      await startRedis();
      const bootUp = await until(ready(200), 10_000);
      const bootLines = servers.map((s) => s.output.filter((l) => l.includes('cannot be reached at start')).length);
      type Buyer = (typeof buyers)[number];
      const [holder, hopeful, revoked, other] = buyers as [Buyer, Buyer, Buyer, Buyer];

      // Healthy: a change no message announces is served by both within the bound.
      await nameOn(a, card);
      await nameOn(b, card);
      const staleHealthy = await renameUnseen(card, '健康時改名');
      // The one edition is held on A; B learns "sold out" from its own refused claim (a flag in its memory).
      const held = await buy(a, holder.token, single);
      expect(held.status).toBe(200);
      expect((await buy(b, hopeful.token, single)).status).toBe(409);
      expect((await call(b, 'GET', '/api/user/info', { token: revoked.token })).status).toBe(200);
      const overClient = newClient();
      expect(await overLimit(a, LIMIT + 2, overClient)).toBe(2);

      // The same requests with Redis up: what this machine takes for them right now.
      const timeRequests = async () => {
        const ms: number[] = [];
        for (let i = 0; i < 10; i++)
          for (const s of servers) {
            for (const url of ['/api/banner', '/api/cardInfo/list?page=1&pageSize=20', '/healthz'])
              ms.push((await call(s, 'GET', url)).ms);
            ms.push((await call(s, 'GET', '/api/user/info', { token: other.token })).ms);
          }
        return ms.sort((x, y) => x - y);
      };
      /** The `q` quantile of sorted timings. */
      const at = (sorted: number[], q: number) => sorted[Math.floor(sorted.length * q)]!;
      const healthyP50 = at(await timeRequests(), 0.5);

      // Redis stops.
      await stopRedis();
      const flipDown = await until(ready(503), 5_000);
      const down = await call(a, 'GET', '/readyz');
      expect(down.body).toEqual({ code: 503, msg: '服務暫時無法使用：Redis 未能連線', data: null });
      const timings = await timeRequests();
      const stillLimited = await overLimit(a, 1, overClient);
      const freshClientRefused = await overLimit(b, LIMIT + 3);
      // A write through one instance is served by the other at once: nothing is believed while Redis is away.
      const cancelled = await call(a, 'POST', '/api/payOrder/cancel', {
        token: holder.token,
        body: { orderNo: (held.body.data as { orderNo: string }).orderNo },
      });
      expect(cancelled.status).toBe(200);
      const boughtOnB = await buy(b, hopeful.token, single);
      expect(boughtOnB.status).toBe(200);
      // …and that write through B is served by both within the bound.
      const staleWrite = await until(async (s) => (await cardOn(s, single))?.left === 0, TTL_MS + 3_000);
      const staleAway = await renameUnseen(card, '斷線時改名');
      // A sign-out on A while B cannot hear of it: B asks the database.
      expect((await call(a, 'POST', '/api/user/logout', { token: revoked.token })).status).toBe(200);
      const revokedOnB = (await call(b, 'GET', '/api/user/info', { token: revoked.token })).status;

      // Redis comes back, empty.
      await startRedis();
      const flipUp = await until(ready(200), 10_000);
      const revokedAfter = await Promise.all(
        servers.map(async (s) => (await call(s, 'GET', '/api/user/info', { token: revoked.token })).status),
      );
      // Sold out again (held on B): both refuse from the database; a release on B reaches A's memory through Redis.
      expect((await buy(a, other.token, single)).status).toBe(409);
      expect((await buy(b, other.token, single)).status).toBe(409);
      await call(b, 'POST', '/api/payOrder/cancel', {
        token: hopeful.token,
        body: { orderNo: (boughtOnB.body.data as { orderNo: string }).orderNo },
      });
      const soldAgainOnA = (await buy(a, other.token, single)).status;
      const staleBack = await renameUnseen(card, '重連後改名');
      // The shared counters are used again: one client's requests split over both instances meet one limit.
      const sharedClient = newClient();
      let sharedRefused = 0;
      for (let i = 0; i < LIMIT + 2; i++)
        if ((await call(servers[i % 2]!, 'GET', '/api/banner', { client: sharedClient })).status === 429)
          sharedRefused++;

      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = servers.flatMap((s) => s.output);
      const raw = lines.filter((l) => !l.startsWith('{') || l.includes('[ioredis]'));
      const redisLog = lines.filter((l) => l.includes('"redis"'));
      const p50 = at(timings, 0.5);
      const p99 = at(timings, 0.99);
      const max = timings[timings.length - 1]!;
      const staleAllowed = TTL_MS + 1_000 + Math.round(max);
      const stalest = Math.max(staleHealthy, staleAway, staleBack, staleWrite);
      const f = (n: number) => (Number.isFinite(n) ? Math.round(n) : 'never');
      reportCheck(
        'redis-faults',
        'postgres',
        {
          'started without Redis': `log lines ${bootLines.join(' + ')}, ready ${f(bootUp)} ms after it started`,
          'ready 503 after stop (ms)': f(flipDown),
          'ready 200 after restart (ms)': f(flipUp),
          'API p50 / p99 / max while away (ms)': `${f(p50)} / ${f(p99)} / ${f(max)} (p50 with Redis up ${f(healthyP50)})`,
          '429s held while away': `${stillLimited}/1 over-limit, ${freshClientRefused}/3 fresh client`,
          '429s shared again': `${sharedRefused}/2`,
          // Kept at most TTL_MS; the figure also holds the checking loop's polls and requests, so 1 s more is allowed,
          // plus the slowest request measured while away (899 ms under a gate's load; 3 344 ms stalest there).
          'stalest answer (ms)': `${f(stalest)} (kept ≤ ${TTL_MS}, allowed ${staleAllowed} as measured; a write while away ${f(staleWrite)})`,
          'revoked session while away': `${revokedOnB}, after restart ${revokedAfter.join(' ')}`,
          'raw client lines': raw.length,
          'redis log lines': redisLog.length,
          'runtime (s)': Math.round((performance.now() - started) / 1000),
        },
        { timings: timings.map(Math.round), raw: raw.slice(0, 20), redisLog },
      );

      expect(bootLines).toEqual([1, 1]);
      expect(bootUp).toBeLessThan(10_000);
      expect(flipDown).toBeLessThan(2_000);
      // Nothing waits on Redis while it is away: a request that waited for even one command would take its timeout more
      // than the same request with Redis up, and none hangs until a reconnect. (The max alone was 1.1 s on CI's busy
      // machine, with three other parts beside this one: a bound on it alone is a bound on the machine.)
      expect(p50).toBeLessThan(healthyP50 + REDIS_COMMAND_TIMEOUT_MS);
      expect(max).toBeLessThan(3_000);
      expect(stillLimited).toBe(1);
      expect(freshClientRefused).toBe(3);
      expect(revokedOnB).toBe(403);
      expect(flipUp).toBeLessThan(10_000);
      expect(revokedAfter).toEqual([403, 403]);
      expect(soldAgainOnA).toBe(200);
      expect(sharedRefused).toBe(2);
      expect(stalest).toBeLessThanOrEqual(staleAllowed);
      expect(raw).toEqual([]);
    }, 360_000);
  },
);

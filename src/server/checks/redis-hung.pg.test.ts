import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_COMMAND_TIMEOUT_MS } from '../adapters/redis';
import { createBuyers } from '../modules/pay-orders/pay-orders.fixtures';
import { freePort } from '../testing/free-port';
import { ownRedisServer, redisServerMissing, type OwnRedisServer } from '../testing/redis-server';
import { startServerProcesses, statusOf, stopServerProcesses, type ServerProcess } from '../testing/server-process';
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-db';
import { testSecret } from '../testing/test-app';
import { reportCheck } from './report';

const skip = !TEST_DATABASE_URL
  ? 'the hung-Redis fault test needs PostgreSQL (set TEST_DATABASE_URL): its server process runs on it'
  : redisServerMissing() && `the hung-Redis fault test hangs its own Redis: ${redisServerMissing()}`;
if (skip) console.log(`skipped: ${skip}`);

const METRICS_TOKEN = 'redis-hung-check-metrics-token';
/** API requests made in each phase (healthy, hung, back). */
const REQUESTS = 30;
/** How long Redis is kept hung. */
const HUNG_MS = 5_000;

/**
 * Machine check (issue 45, docs/decisions/052): a server process on its own redis-server, which is hung with SIGSTOP
 * (its connections stay open; nothing answers). The circuit breaker opens on the first timeout its PING confirms: readiness says so
 * within 1 s, no caller's command is sent to Redis while it is open (each request goes on with its local fallback
 * instead of waiting out the command bound), the probe's 503 is logged once, and after SIGCONT the breaker closes and
 * Redis is used again.
 */
describe.skipIf(skip !== null)('Redis hung: the instance stops asking it, and asks again once it answers', () => {
  let redis: OwnRedisServer;
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const started = performance.now();

  beforeAll(async () => {
    redis = ownRedisServer(await freePort());
    await redis.start();
    database = await openTestDatabase({ postgres: true, poolSize: 2 });
    [server] = (await startServerProcesses(
      [
        {
          NODE_ENV: 'production',
          PORT: String(await freePort()),
          DATABASE_URL: database.url!,
          REDIS_URL: redis.url,
          APP_SECRET: testSecret(),
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '100000',
          METRICS_TOKEN,
          PAYMENT_PROVIDER: 'sandbox',
          SMS_PROVIDER: 'console',
        },
      ],
      100_000,
    )) as [ServerProcess];
  }, 360_000);
  afterAll(async () => {
    if (server) await stopServerProcesses([server]);
    await redis?.stop();
    await database?.close();
  });

  const get = async (path: string, token?: string) => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
    const body = await res.text();
    return { status: res.status, body, ms: performance.now() - t0, at: performance.now() };
  };
  /** `REQUESTS` API calls, signed out and in (and more until `untilAt`, a performance.now()): statuses and times. */
  const load = async (token: string, untilAt = 0) => {
    const answers = [];
    for (let i = 0; i < REQUESTS || performance.now() < untilAt; i++)
      answers.push(
        await get(['/api/banner', '/api/cardInfo/list?page=1&pageSize=20', '/api/user/info'][i % 3]!, token),
      );
    return { statuses: new Set(answers.map((a) => a.status)), ms: answers.map((a) => a.ms).sort((x, y) => x - y) };
  };
  /** The breaker's gauge and its command counters, from /metrics. */
  const breaker = async () => {
    const text = (await get(`/metrics`, METRICS_TOKEN)).body;
    const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
    return {
      state: value(/^trove_redis_breaker_state (\d+)$/m),
      sent: value(/^trove_redis_commands_total\{outcome="sent"\} (\d+)$/m),
      refused: value(/^trove_redis_commands_total\{outcome="refused"\} (\d+)$/m),
    };
  };
  /** performance.now() once /readyz answers `status` (polled every 20 ms), or Infinity after `limitMs`. */
  const readyIs = async (status: number, limitMs: number) => {
    const t0 = performance.now();
    while (performance.now() - t0 < limitMs) {
      if ((await statusOf(server.port, '/readyz', 1_000)) === status) return performance.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Number.POSITIVE_INFINITY;
  };

  it('opens on the first timeouts (503 within 1 s), sends nothing while open, and closes after SIGCONT', async () => {
    const [buyer] = await createBuyers(database.db, 1, new Date());
    expect(await readyIs(200, 30_000)).toBeLessThan(Infinity);
    const healthy = await load(buyer!.token);
    const before = await breaker();
    expect(before.state).toBe(0);
    const linesBefore = server.output.length;

    // Hung: the first request's rate-limit command is the first to time out (or a heartbeat's, earlier).
    redis.pause();
    const paused = performance.now();
    const [first, flipped] = await Promise.all([get('/api/banner'), readyIs(503, 5_000)]);
    const notReady = await get('/readyz');
    const open = await breaker();
    // Held past the broadcast's 3 s without its heartbeats (decision 027), so both ways of noticing are seen at once.
    const hung = await load(buyer!.token, paused + HUNG_MS);
    const stillOpen = await breaker();
    const hungFor = performance.now() - paused;

    redis.resume();
    const resumed = performance.now();
    const back = await readyIs(200, 10_000);
    const closed = await breaker();
    const after = await load(buyer!.token);
    const used = await breaker();

    await new Promise((resolve) => setTimeout(resolve, 200));
    const outage = server.output.slice(linesBefore);
    const readinessLines = outage.filter((l) => l.includes('"msg":"readiness:'));
    const errorLines = outage.filter((l) => l.includes('"level":50'));
    const p = (ms: number[], q: number) => Math.round(ms[Math.floor(ms.length * q)]!);
    const f = (n: number) => (Number.isFinite(n) ? Math.round(n) : 'never');
    reportCheck(
      'redis-hung',
      'postgres',
      {
        'first timeout answered after pause (ms)': f(first.at - paused),
        'ready 503 after the first timeout (ms)': f(Math.max(0, flipped - first.at)),
        'caller commands sent / refused while open': `${stillOpen.sent - open.sent} / ${stillOpen.refused - open.refused}`,
        'API p50 / max healthy, hung, back (ms)': [healthy, hung, after]
          .map((r) => `${p(r.ms, 0.5)}/${f(r.ms.at(-1)!)}`)
          .join(', '),
        'hung for (s)': (hungFor / 1000).toFixed(1),
        'ready 200 after SIGCONT (ms)': f(back - resumed),
        'commands sent once back': used.sent - closed.sent,
        'readiness log lines / error lines': `${readinessLines.length} / ${errorLines.length}`,
        'runtime (s)': Math.round((performance.now() - started) / 1000),
      },
      { healthy: healthy.ms.map(Math.round), hung: hung.ms.map(Math.round), readinessLines, errorLines },
    );

    expect(JSON.parse(notReady.body)).toEqual({
      code: 503,
      msg: '服務暫時無法使用：Redis 沒有回應，已暫停使用',
      data: null,
    });
    // A behaviour bound, on the test's clock: readiness follows the breaker, which opens on the first confirmed timeout.
    expect(flipped - first.at).toBeLessThan(1_000);
    expect(open.state).toBeGreaterThan(0);
    expect(stillOpen.state).toBeGreaterThan(0);
    // While open no caller's command reaches Redis: not one request waited on it. Each request's rate-limit count was
    // refused at once instead (and counted locally).
    expect(stillOpen.sent - open.sent).toBe(0);
    expect(stillOpen.refused - open.refused).toBeGreaterThanOrEqual(REQUESTS);
    expect([...hung.statuses]).toEqual([200]);
    // The first request went to Redis before anything had timed out, so it waited the bound; it is the only one.
    expect(first.at - paused).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS);
    expect(back).toBeLessThan(Infinity);
    expect(closed.state).toBe(0);
    expect(used.sent - closed.sent).toBeGreaterThanOrEqual(REQUESTS);
    expect([...after.statuses]).toEqual([200]);
    expect(readinessLines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'readiness: Redis does not answer (circuit open)',
      'readiness: ready again',
    ]);
    expect(errorLines).toEqual([]);
  }, 120_000);
});

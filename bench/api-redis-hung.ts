/**
 * `npm run bench:api -- --redis-hung` (PostgreSQL): a hung Redis costs nothing (issue 45, docs/decisions/052). Its own
 * redis-server on a free port, the server (`src/server/main.ts`) in a process of its own on it, a bare Fastify
 * hello-world in another, and the load from LOAD_PROCESSES autocannon processes (bench/api-load.ts). The API mix
 * (cardInfo/list, banner, user/info signed in) and the hello-world are measured with Redis healthy, then that Redis is
 * hung with SIGSTOP (its connections stay open, nothing answers) and both are measured again, in the same run. Prints
 * each run's p50 / p99 and req/s and the ratio hung / healthy (target: API p99 within 2×), the hello-world's beside
 * them, when readiness turned 503 and 200 again, and what the circuit breaker sent and refused.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { seedDemo } from '../src/server/db/seed';
import { createBuyers } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freePort } from '../src/server/testing/free-port';
import { ownRedisServer, redisServerMissing } from '../src/server/testing/redis-server';
import {
  startServerProcesses,
  statusOf,
  stopServerProcesses,
  type ServerProcess,
} from '../src/server/testing/server-process';
import type { LoadJob, LoadResult } from './api-load';
import { freshPostgres, helloProcess, pct } from './bench-kit';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const LOAD_PROCESSES = 2;
const METRICS_TOKEN = randomBytes(24).toString('hex');

interface Run {
  p50: number;
  p99: number;
  rps: number;
  bad: number;
}

/** `connections` spread over LOAD_PROCESSES autocannon processes for SECONDS against `port`; their answers merged. */
async function load(port: number, connections: number, requests: LoadJob['requests']): Promise<Run> {
  const results = await Promise.all(
    Array.from({ length: LOAD_PROCESSES }, () => {
      const child = fork('bench/api-load.ts', [], { execArgv: ['--import', 'tsx'] });
      const job: LoadJob = {
        url: `http://127.0.0.1:${port}`,
        connections: Math.ceil(connections / LOAD_PROCESSES),
        seconds: SECONDS,
        requests,
      };
      child.send(job);
      return new Promise<LoadResult>((resolve) => child.once('message', (m) => resolve(m as LoadResult)));
    }),
  );
  const ms = results.flatMap((r) => r.ms).sort((a, b) => a - b);
  const seconds = Math.max(...results.map((r) => r.seconds));
  return { p50: pct(ms, 50), p99: pct(ms, 99), rps: ms.length / seconds, bad: results.reduce((n, r) => n + r.bad, 0) };
}

/** ms until `/readyz` answers `status` (polled every 20 ms), or Infinity after `limitMs`. */
async function readyIn(port: number, status: number, limitMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if ((await statusOf(port, '/readyz', 1_000)) === status) return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

/** The breaker's gauge and command counters from the server's /metrics. */
async function breakerFigures(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
  return {
    state: value(/^trove_redis_breaker_state (\d+)$/m),
    sent: value(/^trove_redis_commands_total\{outcome="sent"\} (\d+)$/m),
    refused: value(/^trove_redis_commands_total\{outcome="refused"\} (\d+)$/m),
    timedOut: value(/^trove_redis_commands_total\{outcome="timed_out"\} (\d+)$/m),
  };
}

export async function runRedisHung(url: string, opts: { connections: number }) {
  const missing = redisServerMissing();
  if (missing) throw new Error(`--redis-hung starts its own Redis: ${missing}`);
  const database = await freshPostgres(url, { poolSize: 2 });
  const redis = ownRedisServer(await freePort());
  let server: ServerProcess | undefined;
  let hello: ChildProcess | undefined;
  try {
    await seedDemo(database.db, new Date());
    const [buyer] = await createBuyers(database.db, 1, new Date());
    await redis.start();
    [server] = await startServerProcesses([
      {
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        APP_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '100000000',
        METRICS_TOKEN,
      },
    ]);
    const port = server!.port;
    const helloPort = await freePort();
    hello = await helloProcess(helloPort);
    if ((await readyIn(port, 200, 30_000)) === Infinity) throw new Error('the server never became ready');
    const api: LoadJob['requests'] = [
      ...[1, 2, 3].map((page) => ({ path: `/api/cardInfo/list?page=${page}&pageSize=20&onSale=1` })),
      { path: '/api/banner' },
      { path: '/api/user/info', headers: { authorization: `Bearer ${buyer!.token}` } },
    ];
    const measure = async () => ({
      api: await load(port, opts.connections, api),
      hello: await load(helloPort, opts.connections, [{ path: '/' }]),
    });
    console.log(
      `\n== Redis hung (PostgreSQL) == one server process on its own redis-server, a hello-world process, load from ${LOAD_PROCESSES} autocannon processes at ${opts.connections} connections, ${SECONDS} s per run; API mix: cardInfo/list ×3, banner, user/info (signed in)`,
    );
    const healthy = await measure();
    const before = await breakerFigures(port);

    // Hung from here: the API's run starts at once, so the moment the breaker opens is inside it.
    redis.pause();
    const [hung, notReadyMs] = await Promise.all([measure(), readyIn(port, 503, 5_000)]);
    const during = await breakerFigures(port);
    redis.resume();
    const readyMs = await readyIn(port, 200, 10_000);
    const after = await breakerFigures(port);

    const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : 'never');
    const line = (name: string, r: Run) =>
      `${name.padEnd(22)}p50 ${f(r.p50)} ms, p99 ${f(r.p99)} ms, ${f(r.rps, 0)} req/s${r.bad ? `, ${r.bad} unexpected answers` : ''}`;
    console.log(line('healthy  API', healthy.api));
    console.log(line('         hello-world', healthy.hello));
    console.log(line('hung     API', hung.api));
    console.log(line('         hello-world', hung.hello));
    console.log(
      `ratio hung / healthy  API p99 ${f(hung.api.p99 / healthy.api.p99, 2)} (target ≤ 2), p50 ${f(hung.api.p50 / healthy.api.p50, 2)}, req/s ${f(hung.api.rps / healthy.api.rps, 2)}; hello-world p99 ${f(hung.hello.p99 / healthy.hello.p99, 2)}, p50 ${f(hung.hello.p50 / healthy.hello.p50, 2)}`,
    );
    console.log(
      `breaker               /readyz 503 ${f(notReadyMs, 0)} ms after SIGSTOP, 200 ${f(readyMs, 0)} ms after SIGCONT; state while hung ${during.state} (2 open), after ${after.state}; caller commands while hung: ${during.sent - before.sent} sent, ${during.timedOut - before.timedOut} timed out, ${during.refused - before.refused} refused at once`,
    );
  } finally {
    hello?.kill();
    if (server) await stopServerProcesses([server]);
    await redis.stop();
    await database.close();
  }
}

/**
 * `npm run bench:api -- --redis-away` (PostgreSQL): the same API reads on two server processes of one database, one
 * with a healthy Redis (its own redis-server on a spare port, or BENCH_REDIS_URL) and one whose Redis cannot be
 * reached (a port nothing listens on), loaded from this process in alternating rounds: the p99 with Redis away must
 * stay within 2× of the healthy one (issue 20, docs/decisions/027).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { seedDemo } from '../src/server/db/seed';
import { createBuyers } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freePort } from '../src/server/testing/free-port';
import { ownRedisServer, redisServerMissing } from '../src/server/testing/redis-server';
import { startServerProcesses, statusOf, stopServerProcesses } from '../src/server/testing/server-process';
import { freshPostgres, measure, median, type Figures } from './bench-kit';

async function healthyRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL, stop: async () => undefined };
  const missing = redisServerMissing();
  if (missing) throw new Error(`--redis-away needs BENCH_REDIS_URL or its own Redis: ${missing}`);
  const redis = ownRedisServer(await freePort());
  await redis.start();
  return redis;
}

export async function runRedisAway(url: string, opts: { requests: number; connections: number; rounds: number }) {
  const database = await freshPostgres(url, { poolSize: 2 });
  const redis = await healthyRedis();
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const secret = randomBytes(32).toString('hex');
  let servers: Awaited<ReturnType<typeof startServerProcesses>> = [];
  try {
    await seedDemo(database.db, new Date());
    const [buyer] = await createBuyers(database.db, 1, new Date());
    const env = (redisUrl: string) => ({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      APP_SECRET: secret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000000',
    });
    const ports = [await freePort(), await freePort()];
    const away = `redis://127.0.0.1:${await freePort()}`;
    servers = await startServerProcesses([
      { ...env(redis.url), PORT: String(ports[0]) },
      { ...env(away), PORT: String(ports[1]) },
    ]);
    const [healthy, gone] = servers as [(typeof servers)[number], (typeof servers)[number]];
    for (let i = 0; i < 100 && (await statusOf(healthy.port, '/readyz')) !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(
      `\n== Redis away (PostgreSQL) == two server processes, one database: /readyz ${await statusOf(healthy.port, '/readyz')} with Redis, ${await statusOf(gone.port, '/readyz')} without; ${opts.rounds} alternating rounds of ${opts.requests} requests at ${opts.connections} connections`,
    );
    const f = (n: number, d = 1) => n.toFixed(d);
    const line = async (name: string, path: (i: number) => string, headers: Record<string, string> = {}) => {
      const ok: Figures[] = [];
      const off: Figures[] = [];
      for (let r = 0; r < opts.rounds; r++) {
        const m = { path, headers, requests: opts.requests, width: opts.connections };
        ok.push(await measure(agent, healthy.port, m));
        off.push(await measure(agent, gone.port, m));
      }
      const p99 = { ok: median(ok.map((x) => x.p99)), off: median(off.map((x) => x.p99)) };
      const bad = [...ok, ...off].reduce((n, x) => n + x.bad, 0);
      console.log(
        `${name.padEnd(30)}p99 ${f(p99.off)} ms away vs ${f(p99.ok)} ms healthy (ratio ${f(p99.off / p99.ok, 2)}; p50 ${f(median(off.map((x) => x.p50)))} vs ${f(median(ok.map((x) => x.p50)))} ms; ${f(median(off.map((x) => x.rps)))} vs ${f(median(ok.map((x) => x.rps)))} req/s)${bad ? `, ${bad} unexpected statuses` : ''}   [target ratio ≤ 2]`,
      );
    };
    await line('GET cardInfo/list', (i) => `/api/cardInfo/list?page=${1 + (i % 3)}&pageSize=20&onSale=1`);
    await line('GET banner', () => '/api/banner');
    await line('GET user/info (signed in)', () => '/api/user/info', { authorization: `Bearer ${buyer!.token}` });
    const raw = servers.flatMap((s) => s.output).filter((l) => !l.startsWith('{') || l.includes('[ioredis]'));
    console.log(`raw client lines in the logs      ${raw.length}`);
  } finally {
    agent.destroy();
    await stopServerProcesses(servers);
    await redis.stop();
    await database.close();
  }
}

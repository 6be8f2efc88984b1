/**
 * `npm run bench:api`: the hot public reads (`cardInfo/list`, `banner`) and the health checks
 * (`/healthz` liveness, `/readyz` readiness) at 50 keep-alive connections, by real HTTP to the app on
 * 127.0.0.1 with the demo content, as a ratio to a bare Fastify hello-world started by this bench
 * (same machine, same client, same run). The app logs as `npm start` does (info level, JSON) into
 * /dev/null; BENCH_LOG=0 turns logging off. On PGlite and (when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set) on PostgreSQL. A benchmark, not a test: it prints ratios and raw figures.
 * `-- --redis-away`: instead, the API's p99 with Redis unreachable against a healthy Redis (bench/api-redis-away.ts).
 * `-- --redis-hung`: instead, the API's p99 with Redis hung (SIGSTOP) against the same Redis healthy, in one run
 * (bench/api-redis-hung.ts).
 */
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import { loggerOptions } from '../src/server/app';
import { openDatabase, type Database } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { freshPostgres, listenApp, listenHello, measure, median, request, type Figures } from './bench-kit';
import { runRedisAway } from './api-redis-away';
import { runRedisHung } from './api-redis-hung';

const CONNECTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
/** Each line alternates the hello-world and the app this many times; shared machines drift within seconds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOG = process.env.BENCH_LOG !== '0';
/** BENCH_PORT: the app listens there and the hello-world on the next port (default: free ports). */
const PORT = Number(process.env.BENCH_PORT ?? 0);

const measureOn = (
  agent: http.Agent,
  port: number,
  path: (i: number) => string,
  headers: Record<string, string> = {},
  expect = 200,
) => measure(agent, port, { path, requests: REQUESTS, width: CONNECTIONS, headers, expect });

const f = (n: number, d = 1) => n.toFixed(d);

async function run(label: string, database: Database) {
  const sink = createWriteStream('/dev/null');
  const logger = LOG ? { ...(loggerOptions('info') as object), stream: sink } : false;
  await seedDemo(database.db, new Date());
  const { app, port } = await listenApp(database, { port: PORT, logLevel: 'info', logger });
  const { app: baselineApp, port: basePort } = await listenHello(PORT ? PORT + 1 : 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    console.log(
      `\n== ${label} == (demo content; ${ROUNDS} rounds of ${REQUESTS} requests per line against as many hello-world runs, ${CONNECTIONS} connections; logging ${LOG ? 'info → /dev/null' : 'off'})`,
    );
    const bases: Figures[] = [];
    /** ROUNDS × (hello-world, then the app): the ratio is the median of the rounds' ratios. */
    const compare = async (path: (i: number) => string, headers: Record<string, string> = {}, expect = 200) => {
      const rounds: { base: Figures; m: Figures }[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const base = await measureOn(agent, basePort, () => '/');
        bases.push(base);
        rounds.push({ base, m: await measureOn(agent, port, path, headers, expect) });
      }
      return {
        ratio: median(rounds.map((r) => r.m.rps / r.base.rps)),
        base: median(rounds.map((r) => r.base.rps)),
        m: {
          rps: median(rounds.map((r) => r.m.rps)),
          p50: median(rounds.map((r) => r.m.p50)),
          p99: median(rounds.map((r) => r.m.p99)),
          bad: rounds.reduce((n, r) => n + r.m.bad, 0),
        },
      };
    };
    const line = (name: string, c: Awaited<ReturnType<typeof compare>>, target: string) =>
      console.log(
        `${name.padEnd(34)}${f(c.m.rps)} req/s (ratio ${f(c.ratio, 3)} to hello-world ${f(c.base)} req/s), p50 ${f(c.m.p50)} ms, p99 ${f(c.m.p99)} ms${c.m.bad ? `, ${c.m.bad} unexpected statuses` : ''}${target ? `   [target ${target}]` : ''}`,
      );

    const mallPages = (i: number) => `/api/cardInfo/list?page=${1 + (i % 3)}&pageSize=20&onSale=1`;
    const isPg = database.kind === 'postgres';
    line('GET cardInfo/list', await compare(mallPages), isPg ? '≥ 0.2×, p99 ≤ 30 ms' : '≥ 0.04×');
    line('GET banner', await compare(() => '/api/banner'), isPg ? '≥ 0.3×' : '');
    line('GET /healthz (liveness)', await compare(() => '/healthz'), '≥ 0.7×, no database');
    const ready = await request(agent, port, 'GET', '/readyz', {});
    if (ready.status === 200) line('GET /readyz (readiness, queries)', await compare(() => '/readyz'), '');
    else console.log(`GET /readyz                       answers ${ready.status}: not measured`);
    // A client that already holds the answer: If-None-Match → 304 without a body.
    const first = await request(agent, port, 'GET', '/api/cardInfo/list?page=1&pageSize=20&onSale=1', {});
    const etag = first.headers?.etag;
    if (etag)
      line(
        'GET cardInfo/list If-None-Match',
        await compare(() => '/api/cardInfo/list?page=1&pageSize=20&onSale=1', { 'if-none-match': etag }, 304),
        '',
      );
    const b = bases.map((x) => x.rps).sort((x, y) => x - y);
    console.log(
      `bare Fastify hello-world          ${f(median(b))} req/s median of ${b.length} runs (min ${f(b[0]!)}, max ${f(b[b.length - 1]!)}), p99 ${f(median(bases.map((x) => x.p99)))} ms`,
    );
  } finally {
    agent.destroy();
    await baselineApp.close();
    await app.close();
    await database.close();
    sink.end();
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (process.argv.includes('--redis-away')) {
    if (!url) throw new Error('--redis-away needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return runRedisAway(url, { requests: REQUESTS, connections: CONNECTIONS, rounds: ROUNDS });
  }
  if (process.argv.includes('--redis-hung')) {
    if (!url) throw new Error('--redis-hung needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return runRedisHung(url, { connections: CONNECTIONS });
  }
  if (url) await run('PostgreSQL (pool of 20)', await freshPostgres(url));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  await run('PGlite (embedded, one connection)', await openDatabase({}));
}

main().catch((err: unknown) => {
  console.log(err);
  process.exitCode = 1;
});

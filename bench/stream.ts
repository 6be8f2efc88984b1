/**
 * `npm run bench:stream` (issue 23, docs/decisions/037-live-stream.md), PostgreSQL only (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL: the server is its own process and shares the database with this one). Three processes: the
 * server (`src/server/main.ts`), the clients (bench/stream/clients.ts, forked) holding BENCH_STREAMS (5 000) open
 * `GET /api/stream?topics=drop:<id>`, and this one, which buys one edition of the drop at a time and measures when
 * each stream got the new stock. Then the same against a bare Fastify event-stream hello-world (bench/stream/hello.ts)
 * in its own process. Prints memory per stream (RSS and heap delta after GC / streams) and the delivery latency of a
 * stock change (p50, p99, max over every stream, from the purchase request sent), median of BENCH_CHANGES changes.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { freePort } from '../src/server/testing/free-port';
import { statusOf } from '../src/server/testing/server-process';
import { createBuyers, createDrop } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freshPostgres, median, pct } from './bench-kit';

const URL_ = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const STREAMS = Number(process.env.BENCH_STREAMS) || 5_000;
const CHANGES = Number(process.env.BENCH_CHANGES) || 5;
const EDITIONS = 1_000;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Memory {
  rss: number;
  heapUsed: number;
}

/** A server process with the memory probe preloaded (bench/stream/probe.ts). */
function startProcess(entry: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './bench/stream/probe.ts', entry],
    { env: { ...process.env, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const waiting: ((m: Memory) => void)[] = [];
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (s: string) => {
    for (const line of s.split('\n')) {
      if (line.startsWith('MEM ')) waiting.shift()?.(JSON.parse(line.slice(4)) as Memory);
      else if (line) output.push(line);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (s: string) => output.push(s));
  return {
    child,
    output,
    memory: () =>
      new Promise<Memory>((resolve) => {
        waiting.push(resolve);
        child.kill('SIGUSR2');
      }),
  };
}

async function healthy(port: number, path: string, child: ChildProcess, output: string[]) {
  for (let i = 0; (await statusOf(port, path)) !== 200; i++) {
    if (child.exitCode !== null || i > 600) throw new Error(`server did not start:\n${output.slice(-30).join('\n')}`);
    await sleep(100);
  }
}

/** The clients' process, forked; `ask` sends one command and resolves with its answer. */
function startClients() {
  const child = fork('bench/stream/clients.ts', [], { execArgv: ['--import', 'tsx'] });
  let pending: ((m: Record<string, unknown>) => void) | null = null;
  const up = new Promise<void>((resolve) => (pending = () => resolve()));
  child.on('message', (m: Record<string, unknown>) => {
    if (m.error) throw new Error(`clients: ${String(m.error)}`);
    const p = pending;
    pending = null;
    p?.(m);
  });
  return {
    up,
    ask: (cmd: object) =>
      new Promise<Record<string, unknown>>((resolve) => {
        pending = resolve;
        child.send(cmd);
      }),
  };
}

function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body ?? {});
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

interface Figures {
  streams: number;
  openSeconds: number;
  rssPerStreamKb: number;
  heapPerStreamKb: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  delivered: string;
}

/** Opens the streams, measures memory, then makes CHANGES stock changes with `change(k)` and times their arrival. */
async function measure(
  target: ReturnType<typeof startProcess>,
  port: number,
  path: string,
  change: (k: number) => Promise<void>,
): Promise<Figures> {
  const clients = startClients();
  await clients.up;
  await sleep(1_000);
  const before = await target.memory();
  const opened = await clients.ask({ cmd: 'open', port, path, n: STREAMS });
  await sleep(2_000);
  const after = await target.memory();
  const p50s: number[] = [];
  const p99s: number[] = [];
  const maxes: number[] = [];
  let delivered = 0;
  for (let k = 1; k <= CHANGES; k++) {
    const t0 = now();
    await change(k);
    const got = (await clients.ask({ cmd: 'expect', left: EDITIONS - k })) as { at: (number | null)[] };
    const ms = got.at
      .filter((a): a is number => a !== null)
      .map((a) => a - t0)
      .sort((a, b) => a - b);
    delivered += ms.length;
    p50s.push(pct(ms, 50));
    p99s.push(pct(ms, 99));
    maxes.push(ms.at(-1) ?? NaN);
    await sleep(500);
  }
  await clients.ask({ cmd: 'close' });
  const kb = (n: number) => Math.round((n / STREAMS / 1024) * 10) / 10;
  return {
    streams: STREAMS,
    openSeconds: Math.round((opened.ms as number) / 100) / 10,
    rssPerStreamKb: kb(after.rss - before.rss),
    heapPerStreamKb: kb(after.heapUsed - before.heapUsed),
    p50Ms: Math.round(median(p50s) * 10) / 10,
    p99Ms: Math.round(median(p99s) * 10) / 10,
    maxMs: Math.round(median(maxes) * 10) / 10,
    delivered: `${delivered}/${STREAMS * CHANGES}`,
  };
}

async function main() {
  if (!URL_) {
    console.log('skipped: bench:stream needs BENCH_DATABASE_URL or TEST_DATABASE_URL (the server is its own process)');
    return;
  }
  const database = await freshPostgres(URL_);
  const drop = await createDrop(database.db, { editionSize: EDITIONS, perUserLimit: EDITIONS });
  const [buyer] = await createBuyers(database.db, 1, new Date());
  const results: Record<string, Figures> = {};
  const port = await freePort();
  const server = startProcess('src/server/main.ts', {
    PORT: String(port),
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    APP_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    // Every client is 127.0.0.1 here.
    STREAM_PER_IP: String(STREAMS * 2),
  });
  try {
    await healthy(port, '/healthz', server.child, server.output);
    results['trove GET /api/stream'] = await measure(server, port, `/api/stream?topics=drop:${drop}`, async (k) => {
      const status = await post(
        port,
        '/api/payOrder/create',
        { type: 'card', cardInfoId: drop, quantity: 1 },
        { authorization: `Bearer ${buyer!.token}`, 'idempotency-key': `bench-${k}-${randomBytes(4).toString('hex')}` },
      );
      if (status !== 200) throw new Error(`purchase ${k} answered ${status}:\n${server.output.slice(-10).join('\n')}`);
    });
  } finally {
    server.child.kill('SIGTERM');
    await database.close().catch(() => undefined);
  }
  const helloPort = await freePort();
  const hello = startProcess('bench/stream/hello.ts', { PORT: String(helloPort) });
  try {
    await healthy(helloPort, '/healthz', hello.child, hello.output);
    results['bare Fastify stream (baseline)'] = await measure(hello, helloPort, '/stream', async (k) => {
      await post(helloPort, `/poke?left=${EDITIONS - k}`, {});
    });
  } finally {
    hello.child.kill('SIGTERM');
  }
  console.table(results);
  console.log(JSON.stringify({ bench: 'stream', streams: STREAMS, changes: CHANGES, results }));
}

await main();

/**
 * What the benches share: a keep-alive HTTP client, a worker pool, percentiles, a throw-away PostgreSQL database,
 * the app listening in this process, and a bare Fastify hello-world to measure against.
 */
import { createPayments } from '../src/server/startup';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { systemClock } from '../src/server/adapters/clock';
import { newId } from '../src/server/adapters/ids';
import { createKeys } from '../src/server/adapters/keys';
import { FakeSms } from '../src/server/adapters/sms/fake-sms';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database, type OpenOptions } from '../src/server/db/client';

export interface Answer {
  status: number;
  body: string;
  ms: number;
  /** Set by `request`. */
  headers?: http.IncomingHttpHeaders;
}

export function request(
  agent: http.Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body
          ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Runs `n` jobs over `width` concurrent workers; answers the results in job order and the wall time. */
export async function pool<T>(
  n: number,
  width: number,
  job: (i: number) => Promise<T>,
): Promise<{ results: T[]; seconds: number }> {
  const results: T[] = new Array(n);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      for (let i = next++; i < n; i = next++) results[i] = await job(i);
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers whose status was not the expected one. */
  bad: number;
}

/** `requests` GETs of `path(i)` at `width` connections after 300 to warm up: req/s, p50, p99 (ms). */
export async function measure(
  agent: http.Agent,
  port: number,
  opts: {
    path: (i: number) => string;
    requests: number;
    width: number;
    headers?: Record<string, string>;
    expect?: number;
  },
): Promise<Figures> {
  const get = (i: number) => request(agent, port, 'GET', opts.path(i), opts.headers ?? {});
  await pool(300, opts.width, get);
  const run = await pool(opts.requests, opts.width, get);
  const latencies = run.results.map((r) => r.ms).sort((a, b) => a - b);
  const bad = run.results.filter((r) => r.status !== (opts.expect ?? 200)).length;
  return { rps: opts.requests / run.seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), bad };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function freshPostgres(
  url: string,
  opts: Omit<OpenOptions, 'url' | 'dataDir'> = {},
): Promise<Database & { url: string }> {
  const name = newId('trove_bench').toLowerCase();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ poolSize: 20, ...opts, url: u.toString() });
  return {
    ...database,
    url: u.toString(),
    async close() {
      await database.close();
      // pg's pool.end() resolves before its sockets finish closing; let them go before FORCE drops them.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/**
 * The app in this process on `database`, configured for production, listening on 127.0.0.1 (`port` 0: a free one).
 * Every client arrives from 127.0.0.1 here, so the per-IP limit is lifted: the benches measure the routes.
 */
export async function listenApp(
  database: Database,
  opts: { port?: number; logLevel?: string; secret?: string; logger?: FastifyServerOptions['logger'] } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: opts.logLevel ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    APP_SECRET: opts.secret ?? randomBytes(32).toString('hex'),
  });
  const keys = createKeys(config.APP_SECRET!);
  const app = await buildApp({
    deps: {
      config,
      db: database.db,
      clock: systemClock,
      keys,
      sms: new FakeSms(),
      payments: createPayments(config, database.db, systemClock, keys),
    },
    ...(opts.logger === undefined ? {} : { logger: opts.logger }),
  });
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** A bare Fastify hello-world on 127.0.0.1 (`port` 0: a free one): the baseline the routes are put against. */
export async function listenHello(port = 0) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** The same hello-world in a process of its own (bench/drop/hello-process.ts), resolved once it listens on `port`. */
export function helloProcess(port: number): Promise<ChildProcess> {
  const child = fork('bench/drop/hello-process.ts', [], {
    env: { ...process.env, HELLO_PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}

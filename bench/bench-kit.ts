/** What both benches share: a keep-alive HTTP client, a worker pool, percentiles, a throw-away PostgreSQL database. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { newId } from '../src/server/adapters/ids';
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

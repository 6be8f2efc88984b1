/**
 * `npm run bench:drop`: a drop of 1 000 editions against 5 000 buy attempts over 200 concurrent
 * keep-alive connections, by real HTTP to the app on 127.0.0.1, on PGlite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL. A benchmark, not a test: it prints
 * throughput and latency, and the invariants (oversold and duplicate serials must be 0).
 *
 * Measured in the same run, on the same database:
 * - a raw-SQL claim loop: the statements of the reservation transaction the service runs, sent
 *   with `pg` (no HTTP, no ORM; named, so parsed once per connection, like the app's prepared
 *   statements) over a pool of the app's size by as many workers as connections;
 *   the drop's sell-through rate is printed as a ratio to it;
 * - the sell-through rate while stock lasts (orders up to the last sale ÷ the time of that sale);
 * - sold-out refusals: their latency during the rush, then a burst of attempts at the sold-out drop
 *   by buyers without an order (p50/p99), with the queries and session lookups the server ran meanwhile (decision 023: none), then
 *   the same buyers once more (a retry: their sessions are kept, decision 021).
 * The claim and the commit behind it are sent together (pipelined) by the app and by the raw loop; the
 * raw loop is also run with the commit sent after the claim's answer, and with unnamed statements (parsed
 * each time, as the app's were before they were prepared), for comparison.
 *
 * `-- --instances N` (needs PostgreSQL and BENCH_REDIS_URL or TEST_REDIS_URL): N server processes
 * (`src/server/main.ts`) on one PostgreSQL database and one Redis, buyers spread across them; the
 * same drop run on one instance first, then on N, then checks: 0 oversold, distinct serials, each
 * expired order released once (half the orders are left to expire, the expiry raced on every
 * instance), and the released editions sold again through every instance. The raw-SQL claim loop runs first
 * in the same run, and each rush's sell-through is printed as a ratio to it (`--instances 1`: the app in a
 * process of its own, as it is deployed, rather than beside the bench's HTTP client).
 *
 * The parts live in `bench/drop/`: options, the rush, the raw-SQL loop, refusals, payment and invariants, the
 * in-process and multi-instance runners.
 *
 * `-- --queue` (PostgreSQL and Redis): the waiting room of a hot drop under load (bench/drop/queue.ts, decision 044).
 *
 * Other options: `--port P` first port of the servers it starts (default: free ports), `--editions`,
 * `--attempts`, `--connections`, `--rounds N` (in process on PostgreSQL: N pairs of a raw-SQL loop and a rush, and
 * the median of their ratios; default 3), `--postgres-only` (skip PGlite).
 */
import { createPayments } from '../src/server/startup';
import { systemClock } from '../src/server/adapters/clock';
import { createKeys } from '../src/server/adapters/keys';
import type { SandboxProvider } from '../src/server/adapters/payments/sandbox';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createBuyers } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freshPostgres } from './bench-kit';
import { runInProcess } from './drop/in-process';
import { runInstances, type InstancesResult } from './drop/instances';
import { CONNECTIONS, EDITIONS, INSTANCES, POOL_SIZE, POSTGRES_ONLY, QUEUE, SECRET, f } from './drop/options';
import { rawClaims } from './drop/raw-claims';
import { queryCounter } from './drop/refusals';
import { openDrop } from './drop/rush';
import { runQueue } from './drop/queue';

async function main() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let ok = true;
  console.log('(benchmark figures vary with the load on the machine; compare ratios measured in one run)');
  if (QUEUE) {
    const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;
    if (!url || !redisUrl) {
      console.log('--queue needs PostgreSQL and Redis: set BENCH_DATABASE_URL and BENCH_REDIS_URL (or the TEST_ ones)');
      process.exitCode = 1;
      return;
    }
    const database = await freshPostgres(url);
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', APP_SECRET: SECRET });
    const sandbox = createPayments(config, database.db, systemClock, createKeys(SECRET)) as SandboxProvider;
    try {
      ok = await runQueue(database, redisUrl, sandbox);
    } finally {
      await database.close();
    }
  } else if (INSTANCES > 0) {
    const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;
    if (!url || !redisUrl) {
      console.log(
        '--instances needs PostgreSQL and Redis: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL (or TEST_REDIS_URL)',
      );
      process.exitCode = 1;
      return;
    }
    const database = await freshPostgres(url);
    const keys = createKeys(SECRET);
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', APP_SECRET: SECRET });
    const sandbox = createPayments(config, database.db, systemClock, keys) as SandboxProvider;
    try {
      // The same raw-SQL claim loop as the in-process run, against which each server-process run's sell-through is put.
      const now = new Date();
      const rawDrop = await openDrop(database.db, now);
      const raw = await rawClaims(database.url, rawDrop, await createBuyers(database.db, EDITIONS, now));
      console.log(
        `raw-SQL claim loop         ${f(raw.sellThrough)} claims/s (${raw.sold.length} claims of one drop, pg pool of ${POOL_SIZE}, ${CONNECTIONS} workers, no HTTP)`,
      );
      const results: InstancesResult[] = [];
      for (const n of [...new Set([1, INSTANCES])]) {
        const res = await runInstances(n, database, redisUrl, sandbox, raw.sellThrough);
        results.push(res);
        ok = res.ok && ok;
      }
      if (results.length === 2) {
        const [one, many] = results as [InstancesResult, InstancesResult];
        console.log(`\n== one vs ${many.n} instances ==`);
        console.log(
          `sell-through               ${f(one.rush.sellThrough)} → ${f(many.rush.sellThrough)} orders/s (×${f(many.rush.sellThrough / one.rush.sellThrough, 2)})`,
        );
        console.log(
          `attempts                   ${f(one.rush.attemptsPerS)} → ${f(many.rush.attemptsPerS)} attempts/s (×${f(many.rush.attemptsPerS / one.rush.attemptsPerS, 2)})`,
        );
      }
    } finally {
      await database.close();
    }
  } else {
    const counter = queryCounter();
    if (!POSTGRES_ONLY)
      ok = await runInProcess(
        'PGlite (embedded, one connection)',
        await openDatabase({ logger: counter.logger }),
        counter,
      );
    if (url)
      ok =
        (await runInProcess(
          `PostgreSQL (pool of ${POOL_SIZE})`,
          await freshPostgres(url, { logger: counter.logger }),
          counter,
        )) && ok;
    else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
  if (!ok) {
    console.log('\nINVARIANT BROKEN: oversold, duplicate serials, or an expired order not released exactly once');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.log(err);
  process.exitCode = 1;
});

/**
 * `npm run bench:drop`: a drop of 1 000 editions against 5 000 buy attempts over 200 concurrent
 * keep-alive connections, by real HTTP to the app on 127.0.0.1, on PGlite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL. A benchmark, not a test: it prints
 * throughput and latency, and the invariants (oversold and duplicate serials must be 0).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../src/server/adapters/clock';
import { createKeys } from '../src/server/adapters/keys';
import { FakeSms } from '../src/server/adapters/sms/fake-sms';
import { createPaymentProvider } from '../src/server/adapters/payments/create-payments';
import type { SandboxProvider } from '../src/server/adapters/payments/sandbox';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { cardInfos, cards, payOrders } from '../src/server/db/schema';
import { createBuyers, createDrop } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freshPostgres, pool, pct, request } from './bench-kit';

const EDITIONS = 1_000;
const ATTEMPTS = 5_000;
const CONNECTIONS = 200;
const BASELINE_REQUESTS = 5_000;


async function run(label: string, database: Database) {
  // Every buyer arrives from 127.0.0.1 here; lift the per-IP limit so the bench measures buying.
  const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', APP_SECRET: randomBytes(32).toString('hex') });
  const keys = createKeys(config.APP_SECRET!);
  const app = await buildApp({ deps: { config, db: database.db, clock: systemClock, keys, sms: new FakeSms(), payments: createPaymentProvider(config, database.db, systemClock, keys) } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const now = new Date();
    const drop = await createDrop(database.db, { editionSize: EDITIONS, perUserLimit: 1, saleStartsAt: new Date(now.getTime() - 60_000) });
    const buyers = await createBuyers(database.db, ATTEMPTS, now);

    // Warm up both paths (JIT, connections) before measuring.
    await pool(200, CONNECTIONS, () => request(agent, port, 'GET', '/healthz', {}));

    const baseline = await pool(BASELINE_REQUESTS, CONNECTIONS, () => request(agent, port, 'GET', '/healthz', {}));
    const baselineRps = BASELINE_REQUESTS / baseline.seconds;

    const buys = await pool(ATTEMPTS, CONNECTIONS, (i) =>
      request(agent, port, 'POST', '/api/payOrder/create', { authorization: `Bearer ${buyers[i]!.token}`, 'idempotency-key': `bench-attempt-${i}` }, JSON.stringify({ type: 'card', cardInfoId: drop, quantity: 1 })),
    );
    const latencies = buys.results.map((r) => r.ms).sort((a, b) => a - b);
    const sold = buys.results.filter((r) => r.status === 200);
    const statuses = new Map<number, number>();
    for (const r of buys.results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const buyRps = ATTEMPTS / buys.seconds;

    // Pay every order through the sandbox: the signed webhook over real HTTP.
    const sandbox = app.deps.payments as SandboxProvider;
    const orderNos = sold.map((r) => (JSON.parse(r.body) as { data: { orderNo: string } }).data.orderNo);
    const paid = await pool(orderNos.length, 50, async (i) => {
      const row = (await database.db.select({ ref: payOrders.providerRef, amount: payOrders.amountCents }).from(payOrders).where(eq(payOrders.orderNo, orderNos[i]!)))[0]!;
      const hook = await sandbox.pay({ checkoutId: row.ref!, orderNo: orderNos[i]!, amountCents: row.amount });
      return request(agent, port, 'POST', '/api/payment/webhook/sandbox', hook.headers, hook.body);
    });
    const settled = paid.results.filter((r) => r.status === 200 && r.body.includes('"settled"')).length;

    const supply = (await database.db.select({ minted: cardInfos.minted, reserved: cardInfos.reserved, edition: cardInfos.editionSize }).from(cardInfos).where(eq(cardInfos.id, drop)))[0]!;
    const serials = (await database.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${cards.serial})::int`, owners: sql<number>`count(distinct ${cards.ownerId})::int` })
      .from(cards)
      .where(eq(cards.cardInfoId, drop)))[0]!;
    const oversold = Math.max(0, sold.length - EDITIONS, supply.minted + supply.reserved - supply.edition, serials.n - EDITIONS);

    const f = (n: number, d = 1) => n.toFixed(d);
    console.log(`\n== ${label} ==`);
    console.log(`baseline GET /healthz      ${f(baselineRps)} req/s (${BASELINE_REQUESTS} requests, ${CONNECTIONS} connections, ${f(baseline.seconds, 2)} s)`);
    console.log(`payOrder/create            ${f(buyRps)} attempts/s, ${f(sold.length / buys.seconds)} orders/s (${ATTEMPTS} attempts in ${f(buys.seconds, 2)} s)`);
    console.log(`  ratio to baseline        ${f(buyRps / baselineRps, 3)} (attempts/s ÷ healthz req/s)`);
    console.log(`  latency p50 / p99        ${f(pct(latencies, 50))} ms / ${f(pct(latencies, 99))} ms (max ${f(latencies.at(-1)!)} ms)`);
    console.log(`  answers                  ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
    console.log(`sold                       ${sold.length} of ${EDITIONS} editions`);
    console.log(`oversold                   ${oversold}  (must be 0)`);
    console.log(`paid via webhook           ${settled} in ${f(paid.seconds, 2)} s; minted ${supply.minted}, reserved ${supply.reserved}`);
    console.log(`duplicate serials          ${serials.n - serials.distinct}  (must be 0); ${serials.owners} distinct owners for ${serials.n} cards`);
    return oversold === 0 && serials.n === serials.distinct;
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
}

async function main() {
  let ok = await run('PGlite (embedded, one connection)', await openDatabase({}));
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) ok = (await run('PostgreSQL (pool of 20)', await freshPostgres(url))) && ok;
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  if (!ok) {
    console.log('\nINVARIANT BROKEN: oversold or duplicate serials');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.log(err);
  process.exitCode = 1;
});

/**
 * `npm run bench:market`: `market/list` and `cardInfo/marketList` with 10 000 active listings at 50
 * keep-alive connections, by real HTTP to the app on 127.0.0.1, as a ratio to a bare Fastify
 * hello-world started by this bench (same machine, same client). On PGlite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL. A benchmark, not a test: it prints.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { newId } from '../src/server/adapters/ids';
import { openDatabase, type Database } from '../src/server/db/client';
import { cardInfos, cards, listings, themes } from '../src/server/db/schema';
import { MARKET_TAG } from '../src/server/modules/market/market.service';
import { createBuyers } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freshPostgres, listenApp, listenHello, pool, pct, request } from './bench-kit';

const LISTINGS = 10_000;
const CARD_INFOS = 500;
const SELLERS = 200;
const CONNECTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);

/** 10 000 active sell listings of 500 card infos by 200 sellers, inserted in bulk (as the market would store them). */
async function seedListings(database: Database) {
  const db = database.db;
  const now = new Date();
  const sellers = await createBuyers(db, SELLERS, now);
  const themeIds = Array.from({ length: 10 }, () => newId('thm'));
  await db.insert(themes).values(themeIds.map((id, i) => ({ id, name: `系列 ${i}`, cover: '/media/t.svg' })));
  const rarities = ['N', 'R', 'SR', 'SSR', 'UR'] as const;
  const infos = Array.from({ length: CARD_INFOS }, (_, i) => ({
    id: newId('ci'),
    themeId: themeIds[i % themeIds.length]!,
    name: `卡牌 ${i}`,
    image: '/media/c.svg',
    rarity: rarities[i % 5]!,
    editionSize: 1000,
  }));
  for (let i = 0; i < infos.length; i += 250) await db.insert(cardInfos).values(infos.slice(i, i + 250));
  for (let start = 0; start < LISTINGS; start += 1000) {
    const cardRows = [];
    const listingRows = [];
    for (let i = start; i < start + 1000; i++) {
      const info = infos[i % CARD_INFOS]!;
      const serial = Math.floor(i / CARD_INFOS) + 1;
      const seller = sellers[i % SELLERS]!;
      const cardId = newId('card');
      cardRows.push({
        id: cardId,
        cardInfoId: info.id,
        serial,
        ownerId: seller.id,
        status: 'listed' as const,
        acquiredVia: 'drop' as const,
        acquiredAt: now,
        createdAt: now,
      });
      listingRows.push({
        id: newId('lst'),
        sellType: 'sell' as const,
        kind: 'card' as const,
        userId: seller.id,
        cardInfoId: info.id,
        itemId: cardId,
        itemName: info.name,
        itemImage: info.image,
        rarity: info.rarity,
        themeId: info.themeId,
        serial,
        editionSize: 1000,
        price: 100 + ((i * 7919) % 100_000),
        status: 'active' as const,
        expiresAt: new Date(now.getTime() + 30 * 24 * 3600_000),
        createdAt: new Date(now.getTime() - i * 1000),
        updatedAt: now,
      });
    }
    await db.insert(cards).values(cardRows);
    await db.insert(listings).values(listingRows);
  }
  // Statistics, as autovacuum keeps them on a live server (the test server runs with autovacuum off):
  // without them the planner takes the freshly filled tables for empty ones.
  await db.execute(sql`ANALYZE`);
}

async function measure(
  agent: http.Agent,
  port: number,
  paths: (i: number) => string,
  before: () => void = () => undefined,
) {
  await pool(200, CONNECTIONS, (i) => (before(), request(agent, port, 'GET', paths(i), {})));
  const run = await pool(REQUESTS, CONNECTIONS, (i) => (before(), request(agent, port, 'GET', paths(i), {})));
  const latencies = run.results.map((r) => r.ms).sort((a, b) => a - b);
  const bad = run.results.filter((r) => r.status !== 200).length;
  return { rps: REQUESTS / run.seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), bad };
}

async function run(label: string, database: Database) {
  const { app, port } = await listenApp(database);
  const { app: baselineApp, port: basePort } = await listenHello();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const seeded = performance.now();
    await seedListings(database);
    const f = (n: number, d = 1) => n.toFixed(d);
    console.log(
      `\n== ${label} == (${LISTINGS} active listings of ${CARD_INFOS} card infos seeded in ${f((performance.now() - seeded) / 1000, 1)} s; ${REQUESTS} requests, ${CONNECTIONS} connections)`,
    );
    const base = await measure(agent, basePort, () => '/');
    console.log(`bare Fastify hello-world        ${f(base.rps)} req/s, p50 ${f(base.p50)} ms, p99 ${f(base.p99)} ms`);
    const sorts = ['price_asc', 'price_desc', 'newest'];
    const list = (i: number) => `/api/market/list?sell_type=0&sort=${sorts[i % 3]}&page=${1 + (i % 5)}&pageSize=20`;
    const rows = (i: number) =>
      `/api/cardInfo/marketList?sell_type=0&sort=${sorts[i % 3]}&page=${1 + (i % 5)}&pageSize=20`;
    // Market answers are kept in the public cache until a listing changes; the "cold" lines empty it
    // before every request (as a market busy with listings would), so each answer is computed.
    const cold = () => app.deps.publicCache.invalidate(MARKET_TAG);
    const cases: [string, (i: number) => string, (() => void)?][] = [
      ['GET market/list', list],
      ['GET cardInfo/marketList', rows],
      ['GET market/list (cold)', list, cold],
      ['GET cardInfo/marketList (cold)', rows, cold],
    ];
    for (const [name, path, before] of cases) {
      const m = await measure(agent, port, path, before);
      console.log(
        `${name.padEnd(31)}${f(m.rps)} req/s (ratio ${f(m.rps / base.rps, 3)}), p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms (ratio ${f(m.p99 / base.p99, 1)}×)${m.bad ? `, ${m.bad} non-200 answers` : ''}`,
      );
    }
  } finally {
    agent.destroy();
    await baselineApp.close();
    await app.close();
    await database.close();
  }
}

async function main() {
  await run('PGlite (embedded, one connection)', await openDatabase({}));
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) await run('PostgreSQL (pool of 20)', await freshPostgres(url));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

main().catch((err: unknown) => {
  console.log(err);
  process.exitCode = 1;
});

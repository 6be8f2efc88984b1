/**
 * `npm run bench:search` (issue 22, docs/decisions/031-search-index.md), PostgreSQL only (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL): a throw-away database with 1 000 000 open listings, 20 000 card infos and 200 000 users, loaded
 * in bulk; the server in a child process (`src/server/main.ts`), a bare Fastify hello-world in another, and the load
 * from this process with autocannon at 20 connections over a mix of queries. Prints p95 of search and suggestions,
 * the hello-world's p95 in the same run, the ratios and the raw figures. Targets: search p95 ≤ 100 ms, suggest ≤ 30 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { docTokens, normalise, type SearchDocKind } from '../src/shared/search-text';
import { freePort } from '../src/server/testing/free-port';
import { startServerProcesses, stopServerProcesses, statusOf } from '../src/server/testing/server-process';
import { freshPostgres, pct } from './bench-kit';
import { SELL_TYPE, type ListingSide } from '../src/shared/market-labels';

const URL_ = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS) || 15;
const N = { users: 200_000, themes: 200, cards: 20_000, products: 2_000, asks: 900_000, bids: 100_000 };

// Names are drawn from 400 characters (the queries' own and 355 spread over the CJK block): each is in about 200
// card names and 1 500 nicknames, denser than real names, which use thousands.
const HAN = [
  ...'龍鳳麒麟虎龜雀星月夜港灣山海風雲雷電花茶餐廳奶蛋撻菠蘿油絲襪金銀寶石劍盾火水木土光影天地',
  ...Array.from({ length: 355 }, (_, k) => String.fromCodePoint(0x4e00 + 50 + k * 53)),
];
const WORDS = ['dragon', 'phoenix', 'tiger', 'harbour', 'star', 'moon', 'night', 'tea', 'golden', 'silver', 'storm'];

const t0 = performance.now();
const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function load(db: pg.Client) {
  const han = `ARRAY[${HAN.map((c) => `'${c}'`).join(',')}]`;
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const ch = (expr: string) => `(${han})[1 + ((${expr}) % ${HAN.length})]`;
  await db.query(`INSERT INTO users (id, phone, nickname, created_at, updated_at)
    SELECT 'bu' || i, '+8529' || lpad(i::text, 7, '0'), ${ch('i * 7')} || ${ch('i * 13 + 3')} || ${ch('i / 7')} || i % 100, now(), now()
    FROM generate_series(1, ${N.users}) i`);
  await db.query(`INSERT INTO themes (id, name, name_en, cover)
    SELECT 'bt' || i, ${ch('i * 3')} || ${ch('i * 5 + 1')} || '系列' || i, initcap((${words})[1 + i % ${WORDS.length}]) || ' Series ' || i, '/c.svg'
    FROM generate_series(1, ${N.themes}) i`);
  await db.query(`INSERT INTO card_infos (id, theme_id, name, name_en, image, rarity, edition_size, minted, price_cents)
    SELECT 'bc' || i, 'bt' || (1 + i % ${N.themes}), ${ch('i')} || ${ch('i / 37 + 11')} || ${ch('i / 5 + 7')} || ${ch('i * 3 + 1')},
      initcap((${words})[1 + i % ${WORDS.length}]) || ' ' || initcap((${words})[1 + (i / 11) % ${WORDS.length}]) || ' ' || i,
      '/c.svg', (ARRAY['N','R','SR','SSR','UR'])[1 + i % 5], 1000, 0, 1000 + (i * 37) % 300000
    FROM generate_series(1, ${N.cards}) i`);
  await db.query(`INSERT INTO products (id, type, name, name_en, price_cents, stock)
    SELECT 'bp' || i, i % 2, ${ch('i * 11')} || ${ch('i + 5')} || '周邊' || i, initcap((${words})[1 + i % ${WORDS.length}]) || ' Goods ' || i,
      500 + (i * 91) % 500000, 1000
    FROM generate_series(1, ${N.products}) i`);
  console.log(`catalogue and users loaded (${since()})`);
  // The summary triggers recount an item per row: off for the bulk load, and the summaries built once after it.
  await db.query(`ALTER TABLE listings DISABLE TRIGGER USER`);
  const listing = (
    side: ListingSide,
    from: number,
    count: number,
  ) => `INSERT INTO listings (id, sell_type, kind, card_info_id,
      item_id, item_name, item_image, rarity, theme_id, serial, edition_size, user_id, price, status, expires_at, created_at, updated_at)
    SELECT 'bl' || i, ${SELL_TYPE[side]}, 'card', 'bc' || c, ${side === 'sell' ? `'bk' || i` : 'NULL'}, ci.name, ci.image, ci.rarity, ci.theme_id,
      ${side === 'sell' ? `1 + (i / ${N.cards}) % 1000` : 'NULL'}, ${side === 'sell' ? '1000' : 'NULL'},
      'bu' || (1 + (i::bigint * 7919) % ${N.users}), 100 + (i::bigint * 7901) % 500000, 'active',
      now() + interval '30 days', now() - (i % 100000) * interval '1 second', now()
    FROM generate_series(${from}, ${from + count - 1}) i
    CROSS JOIN LATERAL (SELECT 1 + i % ${N.cards} AS c) k JOIN card_infos ci ON ci.id = 'bc' || k.c`;
  for (let from = 1; from <= N.asks; from += 100_000)
    await db.query(listing('sell', from, Math.min(100_000, N.asks - from + 1)));
  await db.query(listing('buy', N.asks + 1, N.bids));
  await db.query(`ALTER TABLE listings ENABLE TRIGGER USER`);
  console.log(`listings loaded (${since()})`);
  await db.query(`INSERT INTO market_summaries (kind, ref_id, name, image, rarity, theme_id, ask_count, ask_min, ask_newest_at,
      ask_next_expiry_at, bid_count, bid_max, bid_newest_at, bid_next_expiry_at)
    SELECT 'card', card_info_id, max(item_name), max(item_image), max(rarity), max(theme_id),
      count(*) FILTER (WHERE sell_type = 0), min(price) FILTER (WHERE sell_type = 0), max(created_at) FILTER (WHERE sell_type = 0),
      min(expires_at) FILTER (WHERE sell_type = 0), count(*) FILTER (WHERE sell_type = 1), max(price) FILTER (WHERE sell_type = 1),
      max(created_at) FILTER (WHERE sell_type = 1), min(expires_at) FILTER (WHERE sell_type = 1)
    FROM listings WHERE status = 'active' GROUP BY card_info_id`);
  // The search docs, made by the same functions the server uses (what its start-up backfill would write).
  const sources: [SearchDocKind, string][] = [
    ['card', `SELECT id, name, name_en FROM card_infos`],
    ['goods', `SELECT id, name, name_en FROM products`],
    ['theme', `SELECT id, name, name_en FROM themes`],
    ['seller', `SELECT id, nickname AS name, NULL AS name_en FROM users`],
  ];
  for (const [kind, query] of sources) {
    const { rows } = await db.query<{ id: string; name: string; name_en: string | null }>(query);
    for (let i = 0; i < rows.length; i += 10_000) {
      const batch = rows.slice(i, i + 10_000);
      await db.query(
        `INSERT INTO search_docs (kind, ref_id, title, tokens)
         SELECT $1, id, title, string_to_array(tokens, ' ') FROM unnest($2::text[], $3::text[], $4::text[]) AS x(id, title, tokens)`,
        [
          kind,
          batch.map((r) => r.id),
          batch.map((r) => normalise(r.name)),
          batch.map((r) => docTokens(kind, [r.name, r.name_en]).join(' ')),
        ],
      );
    }
  }
  // What search counts and sorts on, copied onto the card and product docs (migration 0019), as the server does.
  for (const kind of ['card', 'goods'])
    await db.query(`SELECT search_doc_sync($1, ARRAY(SELECT ref_id FROM search_docs WHERE kind = $1))`, [kind]);
  // That update left a dead version of each doc in the GIN index (three index hits per match until vacuumed); and
  // autovacuum would soon visit the bulk-loaded listings (PostgreSQL ≥ 13 vacuums after inserts), which lets a serial's
  // count read its index alone.
  await db.query(`VACUUM ANALYZE`);
  console.log(`summaries and search docs written, analysed (${since()})`);
}

function helloWorld(port: number): Promise<ChildProcess> {
  const code = `const a = require('fastify')({ logger: false }); a.get('/', async () => ({ hello: 'world' }));
    a.listen({ host: '127.0.0.1', port: ${port} });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  return (async () => {
    while ((await statusOf(port, '/')) !== 200) await new Promise((r) => setTimeout(r, 100));
    return child;
  })();
}

interface Run {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  bad: number;
}

/** `paths` in turn, or with `unique`, each with its own `pageSize` (1–50 but 20): answers nobody asked before (cache misses). */
async function run(port: number, paths: string[], unique = false): Promise<Run> {
  const latencies: number[] = [];
  let bad = 0;
  let n = 0;
  const next = () => {
    const i = n++;
    const size = 1 + (Math.floor(i / paths.length) % 49);
    // 20 is the default: the plain paths asked it already.
    return `${paths[i % paths.length]!}&pageSize=${size < 20 ? size : size + 1}`;
  };
  // autocannon's setupRequest (not in bench/autocannon.d.ts, hence not written as a literal).
  const fresh = { method: 'GET', path: paths[0]!, setupRequest: (req: object) => ({ ...req, path: next() }) };
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: unique ? [fresh] : paths.map((path) => ({ method: 'GET', path })),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    if (status !== 200) bad++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    rps: result.requests.average,
    requests: latencies.length,
    bad: bad + result.errors,
  };
}

const q = (params: Record<string, string>) => `/api/search?${new URLSearchParams(params)}`;
const SEARCHES = [
  // One character, two characters, Simplified, English (one with a typo), a serial, facet-filtered.
  ...['龍', '麟', '港', '茶', '星'].map((c) => q({ q: c })),
  ...['龍鳳', '麒麟', '星月', '奶茶'].map((c) => q({ q: c })),
  ...['龙', '凤凰', '茶餐厅', '丝袜'].map((c) => q({ q: c })),
  ...['dragon', 'Phoenix', 'harbor', 'golden tiger', 'silvr'].map((c) => q({ q: c })),
  ...['#12', '12/1000', '龍 #7'].map((c) => q({ q: c })),
  q({ q: '龍', rarity: 'SSR' }),
  q({ q: '星', theme: 'bt7' }),
  q({ q: 'dragon', minPrice: '10000', maxPrice: '50000', sort: 'price_asc' }),
  q({ q: '鳳', side: 'buy', sort: 'price_desc' }),
  q({ q: '港', type: 'listing', sort: 'newest' }),
];
const SUGGESTS = ['龍', '麟', '龍鳳', '龙', 'dr', 'drag', 'phoen', 'gold', '茶餐', '星月'].map(
  (s) => `/api/search/suggest?q=${encodeURIComponent(s)}`,
);

async function main() {
  // BENCH_REUSE=<url of a database BENCH_KEEP left>: the same data again, not reloaded (before / after a change, in
  // alternation; the server migrates it at start). BENCH_ONLY_MISSES=1: only the new questions, between hello-worlds.
  const reuse = process.env.BENCH_REUSE;
  if (!URL_ && !reuse) throw new Error('bench:search needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const database = reuse ? { url: reuse, close: async () => {} } : await freshPostgres(URL_!, { poolSize: 2 });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const servers: Awaited<ReturnType<typeof startServerProcesses>> = [];
  let hello: ChildProcess | null = null;
  try {
    if (reuse) console.log(`reusing ${reuse}`);
    else {
      console.log(`generating ${N.asks + N.bids} open listings, ${N.cards} card infos, ${N.users} users…`);
      await load(client);
    }
    const [appPort, helloPort] = [await freePort(), await freePort()];
    servers.push(
      ...(await startServerProcesses([
        {
          PORT: String(appPort),
          DATABASE_URL: database.url,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'production',
          RATE_LIMIT_PER_MINUTE: '100000000',
          APP_SECRET: randomBytes(32).toString('hex'),
        },
      ])),
    );
    hello = await helloWorld(helloPort);
    console.log(`server and hello-world up (${since()}); ${SECONDS} s per run, ${CONNECTIONS} connections`);
    for (const path of [...SEARCHES, ...SUGGESTS]) {
      const status = await statusOf(appPort, path, 10_000);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
    const base = await run(helloPort, ['/']);
    const onlyMisses = !!process.env.BENCH_ONLY_MISSES;
    const skipped: Run = { p50: NaN, p95: NaN, p99: NaN, rps: NaN, requests: 0, bad: 0 };
    const search = onlyMisses ? skipped : await run(appPort, SEARCHES);
    const suggest = onlyMisses ? skipped : await run(appPort, SUGGESTS);
    // Answers are kept in memory (decision 031): the same mix, each request a new question.
    const misses = await run(appPort, SEARCHES, true);
    const after = await run(helloPort, ['/']);
    const f = (n: number) => n.toFixed(2);
    const line = (name: string, r: Run) =>
      `${name.padEnd(22)} p50 ${f(r.p50)} ms, p95 ${f(r.p95)} ms, p99 ${f(r.p99)} ms, ${f(r.rps)} req/s, ${r.requests} requests${r.bad ? `, ${r.bad} not 200` : ''}`;
    console.log('\n== bench:search (PostgreSQL, server in its own process) ==');
    console.log(line('hello-world (before)', base));
    console.log(line('search', search));
    console.log(line('suggest', suggest));
    console.log(line('search, all misses', misses));
    console.log(line('hello-world (after)', after));
    const hp95 = Math.max(base.p95, after.p95);
    console.log(
      `\nsearch p95 ${f(search.p95)} ms (target ≤ 100) = ${f(search.p95 / hp95)} × hello-world p95 ${f(hp95)} ms` +
        `\nsuggest p95 ${f(suggest.p95)} ms (target ≤ 30) = ${f(suggest.p95 / hp95)} × hello-world p95 ${f(hp95)} ms` +
        `\nsearch misses p95 ${f(misses.p95)} ms (each answer computed: what a query nobody asked before costs)` +
        `\n${search.p95 <= 100 && suggest.p95 <= 30 ? 'both targets met' : 'TARGET MISSED'} (${since()} in all)`,
    );
  } finally {
    hello?.kill('SIGTERM');
    await stopServerProcesses(servers);
    await client.end();
    // BENCH_KEEP=1 leaves the database for EXPLAIN (its URL is printed); drop it by hand afterwards.
    if (process.env.BENCH_KEEP || reuse) console.log(`kept: ${database.url}`);
    else await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

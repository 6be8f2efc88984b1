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
 * Other options: `--port P` first port of the servers it starts (default: free ports), `--editions`,
 * `--attempts`, `--connections`, `--rounds N` (in process on PostgreSQL: N pairs of a raw-SQL loop and a rush, and
 * the median of their ratios; default 3), `--postgres-only` (skip PGlite).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { systemClock } from '../src/server/adapters/clock';
import { newId, sha256 } from '../src/server/adapters/ids';
import { createKeys } from '../src/server/adapters/keys';
import { FakeSms } from '../src/server/adapters/sms/fake-sms';
import { createPaymentProvider } from '../src/server/adapters/payments/create-payments';
import { createSandboxBank } from '../src/server/modules/payments/sandbox-bank.repository';
import type { SandboxProvider } from '../src/server/adapters/payments/sandbox';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database, type Db } from '../src/server/db/client';
import { cardInfos, cards, payOrders } from '../src/server/db/schema';
import { createBuyers, createDrop } from '../src/server/modules/pay-orders/pay-orders.fixtures';
import { freePort } from '../src/server/testing/free-port';
import { PAY_ORDER_TTL_MS } from '../src/shared/constants';
import { freshPostgres, pool, pct, request, type Answer } from './bench-kit';

const args = parseArgs({
  options: {
    instances: { type: 'string' },
    port: { type: 'string' },
    editions: { type: 'string' },
    attempts: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    'postgres-only': { type: 'boolean' },
  },
}).values;
const EDITIONS = Number(args.editions ?? 1_000);
const ATTEMPTS = Number(args.attempts ?? 5_000);
const CONNECTIONS = Number(args.connections ?? 200);
const INSTANCES = Number(args.instances ?? 0);
const BASE_PORT = Number(args.port ?? 0);
/** Pairs of a raw-SQL claim loop and a rush, in process on PostgreSQL: the median of their ratios is printed. */
const ROUNDS = Number(args.rounds ?? 3);
const BASELINE_REQUESTS = 5_000;
/** Buy attempts (a quarter of them sold) on a drop of their own before anything is measured. */
const WARM_UP = 3_000;
/** Attempts at the drop once sold out, by buyers without an order; fewer connections, so latency is not queueing. */
const REFUSALS = 3_000;
const REFUSAL_CONNECTIONS = 20;
const POOL_SIZE = 20;
const SOLD_OUT = '已售罄';

const f = (n: number, d = 1) => n.toFixed(d);
const SECRET = randomBytes(32).toString('hex');

type Buyer = { id: string; token: string };
type Timed = Answer & { at: number; cpu: number };

/**
 * Runs `n` requests over `width` connections; each answer also carries when it arrived (ms from the start) and the
 * CPU time this process had used by then (ms, user + system: the app and the HTTP client when the app runs here),
 * read from a sample taken every millisecond or so rather than per answer (reading it costs a system call, which
 * would be charged to the app sharing this thread).
 */
async function timedPool(n: number, width: number, job: (i: number) => Promise<Answer>) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let cpu = 0;
  const sampler = setInterval(() => {
    const used = process.cpuUsage(cpuStart);
    cpu = (used.user + used.system) / 1000;
  }, 1);
  try {
    return await pool(n, width, async (i): Promise<Timed> => {
      const answer = await job(i);
      return { ...answer, at: performance.now() - started, cpu };
    });
  } finally {
    clearInterval(sampler);
  }
}

const buyRequest = (agent: http.Agent, port: number, buyer: Buyer, drop: string, key: string) =>
  request(
    agent,
    port,
    'POST',
    '/api/payOrder/create',
    { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
    JSON.stringify({ type: 'card', cardInfoId: drop, quantity: 1 }),
  );

interface Rush {
  seconds: number;
  attemptsPerS: number;
  sold: Timed[];
  /** Orders up to the last sale ÷ the time of that sale. */
  sellThrough: number;
  /** CPU time of this process up to the last sale ÷ the orders sold (ms). */
  cpuPerSale: number;
  soldOutMs: number[];
  statuses: string;
  latencies: number[];
  /** One answer that is neither a sale nor a 409, if any. */
  odd: Timed | undefined;
}

function summarise(results: Timed[], seconds: number): Rush {
  const sold = results.filter((r) => r.status === 200);
  const lastSale = Math.max(...sold.map((r) => r.at));
  const cpuAtLastSale = Math.max(...sold.map((r) => r.cpu));
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  return {
    seconds,
    attemptsPerS: results.length / seconds,
    sold,
    sellThrough: sold.length / (lastSale / 1000),
    cpuPerSale: cpuAtLastSale / sold.length,
    soldOutMs: results
      .filter((r) => r.status === 409 && r.body.includes(SOLD_OUT))
      .map((r) => r.ms)
      .sort((a, b) => a - b),
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(', '),
    latencies: results.map((r) => r.ms).sort((a, b) => a - b),
    odd: results.find((r) => r.status !== 200 && r.status !== 409),
  };
}

function printRush(r: Rush, attempts: number) {
  console.log(
    `payOrder/create            ${f(r.attemptsPerS)} attempts/s (${attempts} attempts in ${f(r.seconds, 2)} s); answers ${r.statuses}`,
  );
  console.log(
    `  sell-through             ${f(r.sellThrough)} orders/s while stock lasted (${r.sold.length} orders, last at ${f(Math.max(...r.sold.map((s) => s.at)) / 1000, 2)} s)`,
  );
  console.log(
    `  latency p50 / p99        ${f(pct(r.latencies, 50))} ms / ${f(pct(r.latencies, 99))} ms (max ${f(r.latencies.at(-1)!)} ms)`,
  );
  if (r.odd) console.log(`  unexpected answer, e.g.  ${r.odd.status} ${r.odd.body.slice(0, 160)}`);
  if (r.soldOutMs.length)
    console.log(
      `  sold-out refusals        p50 ${f(pct(r.soldOutMs, 50))} ms / p99 ${f(pct(r.soldOutMs, 99))} ms during the rush (${r.soldOutMs.length})`,
    );
}

/** Attempts at a sold-out drop by buyers without an order: what a refusal costs once the flag is up. */
async function refusalBurst(
  agent: http.Agent,
  ports: number[],
  buyers: Buyer[],
  drop: string,
  label: string,
  what = 'sold-out refusals         ',
  who = 'after the rush',
) {
  const burst = await timedPool(REFUSALS, REFUSAL_CONNECTIONS, (i) =>
    buyRequest(agent, ports[i % ports.length]!, buyers[i]!, drop, `${label}-late-${i}`),
  );
  const ms = burst.results.map((r) => r.ms).sort((a, b) => a - b);
  const refused = burst.results.filter((r) => r.status === 409 && r.body.includes(SOLD_OUT)).length;
  const other = burst.results.find((r) => !(r.status === 409 && r.body.includes(SOLD_OUT)));
  if (other) console.log(`  (not a sold-out refusal, e.g. ${other.status} ${other.body.slice(0, 120)})`);
  console.log(
    `${what} p50 ${f(pct(ms, 50))} ms / p99 ${f(pct(ms, 99))} ms (max ${f(ms.at(-1)!)} ms); ${f(REFUSALS / burst.seconds)} req/s; ${refused} of ${REFUSALS} refused as sold out (${REFUSAL_CONNECTIONS} connections, ${who})`,
  );
  return refused;
}

// ---------------------------------------------------------------------------------------------
// The raw-SQL claim loop: the reservation transaction of `payOrder/create` for a card, statement by
// statement as the service sends them (pay-orders and catalogue repositories), without HTTP or ORM.

const SALE_SQL = `select ci.id, ci.name, ci.description, ci.price_cents, (ci.edition_size - ci.minted - ci.reserved)::int as "left",
  ci.per_user_limit, ci.sale_starts_at, ci.sale_ends_at, ci.rights,
  (CASE WHEN ci.price_cents IS NULL OR ci.is_b_card THEN 'not_for_sale'
    WHEN ci.sale_ends_at IS NOT NULL AND ci.sale_ends_at <= $2::timestamptz THEN 'ended'
    WHEN ci.edition_size - ci.minted - ci.reserved <= 0 THEN 'sold_out'
    WHEN ci.sale_starts_at IS NOT NULL AND ci.sale_starts_at > $2::timestamptz THEN 'upcoming'
    ELSE 'on_sale' END) as sale_state,
  ci.image, ci.rarity, t.id as theme_id, t.name as theme_name, ci.edition_size, ci.minted, ci.is_b_card
  from card_infos ci inner join themes t on t.id = ci.theme_id where ci.id = $1 limit 1`;
const HELD_SQL = `select coalesce(sum(quantity), 0)::int as n from pay_orders where buyer_id = $1 and card_info_id = $2 and status in ('pending', 'paid')`;
const INSERT_SQL = `insert into pay_orders (id, order_no, provider_ref, pay_url, type, buyer_id, card_info_id, product_id, listing_id, item_name, item_image,
  unit_price_cents, quantity, amount_cents, provider, idempotency_key, request_hash, expires_at, created_at, updated_at)
  values ($1, $2, $3, $4, 'card', $5, $6, null, null, $7, $8, $9, 1, $9, 'sandbox', $10, $11, $12, $13, $13) returning *`;

/**
 * `unnamed`: the same statements unnamed, parsed and planned on every call (as the app sent them before they were
 * prepared): printed for comparison. `awaited`: the claim as the service sent it before the commit was pipelined behind it (a conditional UPDATE,
 * its answer awaited, then COMMIT or ROLLBACK): printed for comparison, not the baseline of the ratio.
 */
async function rawClaims(
  url: string,
  drop: string,
  buyers: Buyer[],
  opts: { awaited?: boolean; unnamed?: boolean; round?: number } = {},
) {
  // Named: parsed once per connection, as the app's prepared statements are (db/prepared.ts); `unnamed`: each time.
  const named = (name: string, text: string, values: unknown[]) =>
    opts.unnamed ? { text, values } : { name, text, values };
  // Pipelined like the app's pool (db/client.ts): the claim and the commit go out together.
  const claimPool = new pg.Pool({ connectionString: url, max: POOL_SIZE, pipeline: !opts.awaited });
  await Promise.all(Array.from({ length: POOL_SIZE }, () => claimPool.query('select 1')));
  try {
    const run = await timedPool(EDITIONS, CONNECTIONS, async (i) => {
      const buyer = buyers[i]!;
      const key = `${opts.awaited ? 'raw-awaited' : opts.unnamed ? 'raw-unnamed' : 'raw'}-${i}`;
      const started = performance.now();
      type Sale = { name: string; image: string; price_cents: number };
      const now = new Date();
      // The sale rules are read before the transaction, as the service's availability check does (the
      // reservation reuses them); the loop with the awaited commit reads them inside, as the service did then.
      const before = opts.awaited
        ? null
        : ((await claimPool.query(named('raw_sale', SALE_SQL, [drop, now.toISOString()]))).rows[0] as Sale); // availability
      const c = await claimPool.connect();
      // As the app's transactions send them (db/pipelined-session.ts, ordering service): BEGIN in one write with the
      // lock and the reads behind it, the insert and the claim in one write with the COMMIT; `awaited`: each statement
      // on its own, as before.
      const socket = opts.awaited ? null : (c as unknown as { connection: { stream: Writable } }).connection.stream;
      let status = 500;
      try {
        // BEGIN, the buyer's lock and the two reads behind it (ordering service, mall readAhead), in one write.
        // (`awaited`: one after the other, as pg without pipelining wants them.)
        const send = <T>(query: () => Promise<T>, previous: Promise<unknown> | null) =>
          opts.awaited && previous ? previous.then(query) : query();
        socket?.cork();
        const begun = c.query('BEGIN');
        const locked = send(
          () =>
            c.query(
              named('raw_lock_buyer', 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [
                `trove:pay-order-buyer:${buyer.id}`,
              ]),
            ),
          begun,
        ); // lockBuyer
        const keyed = send(
          () =>
            c.query(
              named('raw_by_key', 'select * from pay_orders where buyer_id = $1 and idempotency_key = $2 limit 1', [
                buyer.id,
                key,
              ]),
            ),
          locked,
        ); // byKey
        const held = opts.awaited ? null : c.query(named('raw_held', HELD_SQL, [buyer.id, drop])); // heldQuantity (readAhead)
        socket?.uncork();
        for (const p of [begun, locked, keyed, held]) p?.catch(() => undefined);
        await begun;
        await locked;
        await keyed;
        const sale =
          before ?? ((await c.query(named('raw_sale', SALE_SQL, [drop, now.toISOString()]))).rows[0] as Sale); // saleInfo
        await (held ?? c.query(named('raw_held', HELD_SQL, [buyer.id, drop]))); // heldQuantity
        const orderNo = `${opts.awaited ? 'TRAWA' : opts.unnamed ? 'TRAWU' : 'TRRAW'}${opts.round ?? ''}${String(i).padStart(8, '0')}`;
        const insertValues = [
          newId('pord'),
          orderNo,
          newId('sbx_cs'),
          `http://127.0.0.1/pay/sandbox/${orderNo}`,
          buyer.id,
          drop,
          sale.name,
          sale.image,
          sale.price_cents,
          key,
          sha256(key),
          new Date(now.getTime() + PAY_ORDER_TTL_MS).toISOString(),
          now.toISOString(),
        ];
        if (opts.awaited) {
          await c.query(named('raw_insert', INSERT_SQL, insertValues)); // insert
          const reserved = await c.query(
            named(
              'raw_reserve',
              'update card_infos set reserved = reserved + $1 where id = $2 and minted + reserved + $1 <= edition_size returning id',
              [1, drop],
            ),
          );
          await c.query(reserved.rowCount === 1 ? 'COMMIT' : 'ROLLBACK');
          return {
            status: reserved.rowCount === 1 ? 200 : 409,
            body: '',
            ms: performance.now() - started,
            headers: {},
          };
        }
        // The insert, then the claim last, as the service does (catalogue `claim`), with the commit in the same write,
        // none awaited before the others are sent; when the editions are gone the supply CHECK refuses the claim and
        // the commit becomes a rollback.
        socket?.cork();
        const inserted = c.query(named('raw_insert', INSERT_SQL, insertValues)); // insert
        const claim = c.query(
          named('raw_claim', 'update card_infos set reserved = reserved + $1 where id = $2', [1, drop]),
        ); // claim
        const commit = c.query('COMMIT');
        socket?.uncork();
        inserted.catch(() => undefined);
        claim.catch(() => undefined);
        commit.catch(() => undefined);
        try {
          await inserted;
          await claim;
          status = 200;
        } catch (err) {
          if ((err as { constraint?: string }).constraint !== 'card_infos_supply') throw err;
          status = 409;
        }
        await commit;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
      return { status, body: '', ms: performance.now() - started, headers: {} };
    });
    return summarise(run.results, run.seconds);
  } finally {
    await claimPool.end();
  }
}

// ---------------------------------------------------------------------------------------------

/** Pays orders through the sandbox's signed webhook over real HTTP; answers how many settled. */
async function payAll(db: Db, sandbox: SandboxProvider, agent: http.Agent, ports: number[], orderNos: string[]) {
  const paid = await pool(orderNos.length, 50, async (i) => {
    const row = (
      await db
        .select({ ref: payOrders.providerRef, amount: payOrders.amountCents })
        .from(payOrders)
        .where(eq(payOrders.orderNo, orderNos[i]!))
    )[0]!;
    const hook = await sandbox.pay({ checkoutId: row.ref!, orderNo: orderNos[i]!, amountCents: row.amount });
    return request(agent, ports[i % ports.length]!, 'POST', '/api/payment/webhook/sandbox', hook.headers, hook.body);
  });
  return {
    settled: paid.results.filter((r) => r.status === 200 && r.body.includes('"settled"')).length,
    seconds: paid.seconds,
  };
}

async function invariants(db: Db, drop: string, sold: number) {
  const supply = (
    await db
      .select({ minted: cardInfos.minted, reserved: cardInfos.reserved, edition: cardInfos.editionSize })
      .from(cardInfos)
      .where(eq(cardInfos.id, drop))
  )[0]!;
  const serials = (
    await db
      .select({
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${cards.serial})::int`,
        owners: sql<number>`count(distinct ${cards.ownerId})::int`,
      })
      .from(cards)
      .where(eq(cards.cardInfoId, drop))
  )[0]!;
  const oversold = Math.max(
    0,
    sold - supply.edition,
    supply.minted + supply.reserved - supply.edition,
    serials.n - supply.edition,
  );
  console.log(`oversold                   ${oversold}  (must be 0)`);
  console.log(
    `duplicate serials          ${serials.n - serials.distinct}  (must be 0); ${serials.owners} distinct owners for ${serials.n} cards; minted ${supply.minted}, reserved ${supply.reserved}`,
  );
  return { ok: oversold === 0 && serials.n === serials.distinct, supply };
}

/** Counts the queries the app runs while `counting` is on (by the table they start from). */
function queryCounter() {
  const c = { counting: false, sessions: 0, other: 0, samples: new Set<string>() };
  return {
    c,
    logger: {
      logQuery(query: string) {
        if (!c.counting) return;
        if (/from "sessions"/.test(query)) c.sessions++;
        else {
          c.other++;
          if (c.samples.size < 3) c.samples.add(query.slice(0, 80));
        }
      },
    },
  };
}

/** One database, the app in this process: baseline, raw claims, the rush, refusals, payment. */
async function runInProcess(
  label: string,
  database: Database & { url?: string },
  counter: ReturnType<typeof queryCounter>,
) {
  // Every buyer arrives from 127.0.0.1 here; lift the per-IP limit so the bench measures buying.
  const config = loadConfig({
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    APP_SECRET: SECRET,
  });
  const keys = createKeys(config.APP_SECRET!);
  const app = await buildApp({
    deps: {
      config,
      db: database.db,
      clock: systemClock,
      keys,
      sms: new FakeSms(),
      payments: createPaymentProvider(config, createSandboxBank(database.db), systemClock, keys),
    },
  });
  await app.listen({ host: '127.0.0.1', port: BASE_PORT });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const now = new Date();
    const drop = await createDrop(database.db, {
      editionSize: EDITIONS,
      perUserLimit: 1,
      saleStartsAt: new Date(now.getTime() - 60_000),
    });
    const buyers = await createBuyers(database.db, ATTEMPTS + REFUSALS, now);

    // Warm up both paths (JIT, connections) before measuring: the baseline's, and the drop's on a small drop of its own
    // (without it the first rush also measured the compiler: its sell-through rose by a third in the rounds after it).
    await pool(200, CONNECTIONS, () => request(agent, port, 'GET', '/healthz', {}));
    const warmDrop = await createDrop(database.db, {
      editionSize: WARM_UP / 4,
      perUserLimit: 1,
      saleStartsAt: new Date(now.getTime() - 60_000),
    });
    const warmBuyers = await createBuyers(database.db, WARM_UP, now);
    await pool(WARM_UP, CONNECTIONS, (i) => buyRequest(agent, port, warmBuyers[i]!, warmDrop, `bench-warm-${i}`));
    const baseline = await pool(BASELINE_REQUESTS, CONNECTIONS, () => request(agent, port, 'GET', '/healthz', {}));
    const baselineRps = BASELINE_REQUESTS / baseline.seconds;

    console.log(`\n== ${label} ==`);
    console.log(
      `baseline GET /healthz      ${f(baselineRps)} req/s (${BASELINE_REQUESTS} requests, ${CONNECTIONS} connections, ${f(baseline.seconds, 2)} s)`,
    );
    let raw: Rush | null = null;
    let awaited: Rush | null = null;
    let unnamed: Rush | null = null;
    if (database.url) {
      const rawDrop = await createDrop(database.db, {
        editionSize: EDITIONS,
        perUserLimit: 1,
        saleStartsAt: new Date(now.getTime() - 60_000),
      });
      raw = await rawClaims(database.url, rawDrop, buyers);
      console.log(
        `raw-SQL claim loop         ${f(raw.sellThrough)} claims/s (${raw.sold.length} claims of one drop, pg pool of ${POOL_SIZE}, ${CONNECTIONS} workers, no HTTP; latency p50 ${f(pct(raw.latencies, 50))} ms / p99 ${f(pct(raw.latencies, 99))} ms)`,
      );
      console.log(
        `  CPU of this process      ${f(raw.cpuPerSale, 3)} ms per claim (the loop's pg client; the database's own CPU not counted)`,
      );
      const awaitedDrop = await createDrop(database.db, {
        editionSize: EDITIONS,
        perUserLimit: 1,
        saleStartsAt: new Date(now.getTime() - 60_000),
      });
      awaited = await rawClaims(database.url, awaitedDrop, buyers, { awaited: true });
      const unnamedDrop = await createDrop(database.db, {
        editionSize: EDITIONS,
        perUserLimit: 1,
        saleStartsAt: new Date(now.getTime() - 60_000),
      });
      unnamed = await rawClaims(database.url, unnamedDrop, buyers, { unnamed: true });
      console.log(
        `  commit after the claim's answer ${f(awaited.sellThrough)} claims/s (the same loop, the commit sent once the claim answered: for comparison)`,
      );
      console.log(
        `  unnamed statements       ${f(unnamed.sellThrough)} claims/s (the same loop, each statement parsed and planned on every call: for comparison)`,
      );
    }

    counter.c.sessions = 0;
    counter.c.counting = true;
    const rush = await timedPool(ATTEMPTS, CONNECTIONS, (i) =>
      buyRequest(agent, port, buyers[i]!, drop, `bench-attempt-${i}`),
    );
    counter.c.counting = false;
    const r = summarise(rush.results, rush.seconds);
    printRush(r, ATTEMPTS);
    console.log(
      `  session lookups          ${counter.c.sessions} queries for ${ATTEMPTS} attempts by as many new buyers (batched per turn of the event loop)`,
    );
    console.log(
      `  CPU of this process      ${f(r.cpuPerSale, 3)} ms per order while stock lasted (the app and the bench's HTTP client share this thread${raw ? `; ${f(r.cpuPerSale / raw.cpuPerSale, 2)}× the raw loop's per claim` : ''})`,
    );
    console.log(`  ratio to baseline        ${f(r.attemptsPerS / baselineRps, 3)} (attempts/s ÷ healthz req/s)`);
    if (raw) {
      console.log(
        `  ratio to raw claims      ${f(r.sellThrough / raw.sellThrough, 3)} (sell-through ÷ raw-SQL claims/s; target ≥ 0.5)`,
      );
      console.log(
        `                           ${f(r.attemptsPerS / raw.sellThrough, 3)} (all attempts/s ÷ raw-SQL claims/s)`,
      );
      if (awaited)
        console.log(
          `                           ${f(r.sellThrough / awaited.sellThrough, 3)} (sell-through ÷ the loop with the commit after the claim's answer)`,
        );
      if (unnamed)
        console.log(
          `                           ${f(r.sellThrough / unnamed.sellThrough, 3)} (sell-through ÷ the loop with unnamed statements)`,
        );
    }
    console.log(`sold                       ${r.sold.length} of ${EDITIONS} editions`);
    // Counted afresh (the rush above counted its session lookups).
    counter.c.sessions = 0;
    counter.c.other = 0;
    counter.c.samples.clear();
    counter.c.counting = true;
    await refusalBurst(agent, [port], buyers.slice(ATTEMPTS), drop, database.url ? 'pg' : 'pglite');
    counter.c.counting = false;
    console.log(
      `  queries meanwhile        ${counter.c.other} by the create path, ${counter.c.sessions} session lookups (decision 023: the refusal comes before the session)${counter.c.samples.size ? `; e.g. ${[...counter.c.samples].join(' | ')}` : ''}`,
    );
    // The same buyers try again at once, as buyers of a drop do: their sessions are kept (decision 021).
    counter.c.sessions = 0;
    counter.c.other = 0;
    counter.c.counting = true;
    await refusalBurst(
      agent,
      [port],
      buyers.slice(ATTEMPTS),
      drop,
      database.url ? 'pg-again' : 'pglite-again',
      '  the same buyers again   ',
      'each buyer retrying once',
    );
    counter.c.counting = false;
    console.log(
      `  queries meanwhile        ${counter.c.other} by the create path, ${counter.c.sessions} session lookups`,
    );

    if (raw && ROUNDS > 1) {
      // After the refusals (which need the rush's sold-out flag, 5 s): the machine's speed moves between runs by more than the changes measured: more pairs of a raw loop and a
      // rush, each on its own drop and buyers, one right after the other, and the median of their ratios.
      const ratios = [r.sellThrough / raw.sellThrough];
      for (let round = 2; round <= ROUNDS; round++) {
        const at = new Date();
        const rawDrop = await createDrop(database.db, {
          editionSize: EDITIONS,
          perUserLimit: 1,
          saleStartsAt: new Date(at.getTime() - 60_000),
        });
        const rushDrop = await createDrop(database.db, {
          editionSize: EDITIONS,
          perUserLimit: 1,
          saleStartsAt: new Date(at.getTime() - 60_000),
        });
        const fresh = await createBuyers(database.db, ATTEMPTS, at);
        const rawAgain = await rawClaims(database.url!, rawDrop, fresh, { round });
        const again = await timedPool(ATTEMPTS, CONNECTIONS, (i) =>
          buyRequest(agent, port, fresh[i]!, rushDrop, `bench-round${round}-${i}`),
        );
        const ra = summarise(again.results, again.seconds);
        ratios.push(ra.sellThrough / rawAgain.sellThrough);
        console.log(
          `round ${round}                    raw ${f(rawAgain.sellThrough)} claims/s, sell-through ${f(ra.sellThrough)} orders/s (${ra.sold.length} sold), ratio ${f(ra.sellThrough / rawAgain.sellThrough, 3)}`,
        );
      }
      const sorted = [...ratios].sort((a, b) => a - b);
      console.log(
        `  ratio to raw claims      median ${f(sorted[Math.floor(sorted.length / 2)]!, 3)} of ${ROUNDS} rounds (${ratios.map((x) => f(x, 3)).join(', ')}; target ≥ 0.5)`,
      );
    }

    const sandbox = app.deps.payments as SandboxProvider;
    const paid = await payAll(
      database.db,
      sandbox,
      agent,
      [port],
      r.sold.map((s) => (JSON.parse(s.body) as { data: { orderNo: string } }).data.orderNo),
    );
    console.log(`paid via webhook           ${paid.settled} in ${f(paid.seconds, 2)} s`);
    return (await invariants(database.db, drop, r.sold.length)).ok;
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Several server processes on PostgreSQL + Redis.

interface Server {
  port: number;
  child: ChildProcess;
  output: string[];
}

async function startServers(n: number, url: string, redisUrl: string): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < n; i++) {
    const port = BASE_PORT ? BASE_PORT + 1 + i : await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        APP_SECRET: SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_MINUTE: '100000000',
        PAYMENT_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'console',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (b: Buffer) => {
      output.push(b.toString());
      if (output.length > 50) output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    servers.push({ port, child, output });
  }
  const agent = new http.Agent({ keepAlive: false });
  for (const s of servers) {
    for (let tries = 0; ; tries++) {
      if (s.child.exitCode !== null) throw new Error(`server on ${s.port} exited:\n${s.output.join('')}`);
      const ok = await request(agent, s.port, 'GET', '/healthz', {}).then(
        (a) => a.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error(`server on ${s.port} did not start:\n${s.output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  agent.destroy();
  return servers;
}

async function stopServers(servers: Server[]) {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          s.child.once('exit', () => resolve());
          s.child.kill('SIGTERM');
        }),
    ),
  );
}

interface InstancesResult {
  n: number;
  rush: Rush;
  ok: boolean;
}

/** One drop on `n` server processes: the rush, refusals, then half paid, half expired and sold again. */
async function runInstances(
  n: number,
  database: Database & { url: string },
  redisUrl: string,
  sandbox: SandboxProvider,
  rawClaimsPerS: number,
): Promise<InstancesResult> {
  const servers = await startServers(n, database.url, redisUrl);
  const ports = servers.map((s) => s.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const db = database.db;
  try {
    const now = new Date();
    const drop = await createDrop(db, {
      editionSize: EDITIONS,
      perUserLimit: 1,
      saleStartsAt: new Date(now.getTime() - 60_000),
    });
    const buyers = await createBuyers(db, ATTEMPTS + REFUSALS + EDITIONS * 2, now);
    await pool(400, CONNECTIONS, (i) => request(agent, ports[i % n]!, 'GET', '/healthz', {}));
    // Each process's buy path warmed up on a small drop of its own (as in process).
    const warmDrop = await createDrop(db, {
      editionSize: WARM_UP / 4,
      perUserLimit: 1,
      saleStartsAt: new Date(now.getTime() - 60_000),
    });
    const warmBuyers = await createBuyers(db, WARM_UP, now);
    await pool(WARM_UP, CONNECTIONS, (i) =>
      buyRequest(agent, ports[i % n]!, warmBuyers[i]!, warmDrop, `inst${n}-warm-${i}`),
    );

    console.log(
      `\n== PostgreSQL + Redis, ${n} server process${n > 1 ? 'es' : ''} (ports ${ports.join(', ')}), buyers spread across them ==`,
    );
    const rush = await timedPool(ATTEMPTS, CONNECTIONS, (i) =>
      buyRequest(agent, ports[i % n]!, buyers[i]!, drop, `inst${n}-attempt-${i}`),
    );
    const r = summarise(rush.results, rush.seconds);
    printRush(r, ATTEMPTS);
    console.log(
      `  ratio to raw claims      ${f(r.sellThrough / rawClaimsPerS, 3)} (sell-through ÷ the raw-SQL claim loop of this run; target ≥ 0.5)`,
    );
    console.log(`sold                       ${r.sold.length} of ${EDITIONS} editions`);
    await refusalBurst(agent, ports, buyers.slice(ATTEMPTS, ATTEMPTS + REFUSALS), drop, `inst${n}`);

    // Half the orders are paid; the other half are left to expire.
    const orders = rush.results.flatMap((a, i) =>
      a.status === 200
        ? [{ orderNo: (JSON.parse(a.body) as { data: { orderNo: string } }).data.orderNo, token: buyers[i]!.token }]
        : [],
    );
    const toPay = orders.filter((_, i) => i % 2 === 0);
    const toExpire = orders.filter((_, i) => i % 2 === 1);
    const paid = await payAll(
      db,
      sandbox,
      agent,
      ports,
      toPay.map((o) => o.orderNo),
    );
    // Past their deadline now (instead of waiting 15 minutes); then every instance races to expire each
    // (payOrder/info expires an overdue order on sight; the sweep job runs on every instance too).
    await db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(payOrders.cardInfoId, drop), eq(payOrders.status, 'pending')));
    const looks = await pool(toExpire.length, 50, (i) =>
      Promise.all(
        ports.map((p) =>
          request(agent, p, 'GET', `/api/payOrder/info?orderNo=${toExpire[i]!.orderNo}`, {
            authorization: `Bearer ${toExpire[i]!.token}`,
          }),
        ),
      ),
    );
    const looked = looks.results.flat();
    const fails = looked.filter((a) => a.status !== 200).length;
    const expiredRows = (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payOrders)
        .where(and(eq(payOrders.cardInfoId, drop), eq(payOrders.status, 'expired')))
    )[0]!.n;
    const afterExpiry = (
      await db
        .select({ minted: cardInfos.minted, reserved: cardInfos.reserved })
        .from(cardInfos)
        .where(eq(cardInfos.id, drop))
    )[0]!;
    const releasedOnce =
      fails === 0 &&
      expiredRows === toExpire.length &&
      afterExpiry.reserved === 0 &&
      afterExpiry.minted === paid.settled;
    console.log(
      `paid / expired             ${paid.settled} paid via webhook; ${expiredRows} of ${toExpire.length} expired, each looked at on all ${n} instance(s) at once (${looked.length} requests, ${fails} not 200)`,
    );
    console.log(
      `  released once            ${releasedOnce ? 'yes' : 'NO'}: reserved ${afterExpiry.reserved} (must be 0), minted ${afterExpiry.minted} = paid ${paid.settled}, free again ${EDITIONS - afterExpiry.minted}`,
    );

    // The released editions go on sale again: the sold-out flags every instance set must be gone.
    const again = ATTEMPTS - EDITIONS;
    const second = buyers.slice(ATTEMPTS + REFUSALS);
    const wave = await timedPool(Math.min(again, second.length), CONNECTIONS, (i) =>
      buyRequest(agent, ports[i % n]!, second[i]!, drop, `inst${n}-again-${i}`),
    );
    const soldAgain = wave.results.filter((a) => a.status === 200);
    const perInstance = ports.map((_, k) => wave.results.filter((a, i) => i % n === k && a.status === 200).length);
    console.log(
      `sold again                 ${soldAgain.length} of ${EDITIONS - afterExpiry.minted} released editions (per instance: ${perInstance.join(' + ')})`,
    );
    const paidAgain = await payAll(
      db,
      sandbox,
      agent,
      ports,
      soldAgain.map((s) => (JSON.parse(s.body) as { data: { orderNo: string } }).data.orderNo),
    );
    console.log(`  paid via webhook         ${paidAgain.settled}`);
    const inv = await invariants(db, drop, paid.settled + soldAgain.length);
    return { n, rush: r, ok: inv.ok && releasedOnce && soldAgain.length === EDITIONS - afterExpiry.minted };
  } finally {
    agent.destroy();
    await stopServers(servers);
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let ok = true;
  console.log('(benchmark figures vary with the load on the machine; compare ratios measured in one run)');
  if (INSTANCES > 0) {
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
    const sandbox = createPaymentProvider(config, createSandboxBank(database.db), systemClock, keys) as SandboxProvider;
    try {
      // The same raw-SQL claim loop as the in-process run, against which each server-process run's sell-through is put.
      const now = new Date();
      const rawDrop = await createDrop(database.db, {
        editionSize: EDITIONS,
        perUserLimit: 1,
        saleStartsAt: new Date(now.getTime() - 60_000),
      });
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
    if (!args['postgres-only'])
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

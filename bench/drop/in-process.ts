/** One database, the app in this process: baseline, raw claims, the rush, refusals, payment. */
import http from 'node:http';
import type { SandboxProvider } from '../../src/server/adapters/payments/sandbox';
import type { Database } from '../../src/server/db/client';
import { createBuyers } from '../../src/server/modules/pay-orders/pay-orders.fixtures';
import { listenApp, pool, pct, request } from '../bench-kit';
import {
  ATTEMPTS,
  BASELINE_REQUESTS,
  BASE_PORT,
  CONNECTIONS,
  EDITIONS,
  POOL_SIZE,
  REFUSALS,
  ROUNDS,
  SECRET,
  WARM_UP,
  f,
} from './options';
import { rawClaims } from './raw-claims';
import type { queryCounter } from './refusals';
import { refusalBurst } from './refusals';
import { buyRequest, openDrop, printRush, summarise, timedPool, type Rush } from './rush';
import { invariants, payAll } from './settle';

export async function runInProcess(
  label: string,
  database: Database & { url?: string },
  counter: ReturnType<typeof queryCounter>,
) {
  // Every buyer arrives from 127.0.0.1 here; listenApp lifts the per-IP limit so the bench measures buying.
  const { app, port } = await listenApp(database, { port: BASE_PORT, secret: SECRET });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const now = new Date();
    const drop = await openDrop(database.db, now);
    const buyers = await createBuyers(database.db, ATTEMPTS + REFUSALS, now);

    // Warm up both paths (JIT, connections) before measuring: the baseline's, and the drop's on a small drop of its own
    // (without it the first rush also measured the compiler: its sell-through rose by a third in the rounds after it).
    await pool(200, CONNECTIONS, () => request(agent, port, 'GET', '/healthz', {}));
    const warmDrop = await openDrop(database.db, now, WARM_UP / 4);
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
      const rawDrop = await openDrop(database.db, now);
      raw = await rawClaims(database.url, rawDrop, buyers);
      console.log(
        `raw-SQL claim loop         ${f(raw.sellThrough)} claims/s (${raw.sold.length} claims of one drop, pg pool of ${POOL_SIZE}, ${CONNECTIONS} workers, no HTTP; latency p50 ${f(pct(raw.latencies, 50))} ms / p99 ${f(pct(raw.latencies, 99))} ms)`,
      );
      console.log(
        `  CPU of this process      ${f(raw.cpuPerSale, 3)} ms per claim (the loop's pg client; the database's own CPU not counted)`,
      );
      const awaitedDrop = await openDrop(database.db, now);
      awaited = await rawClaims(database.url, awaitedDrop, buyers, { awaited: true });
      const unnamedDrop = await openDrop(database.db, now);
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
        const rawDrop = await openDrop(database.db, at);
        const rushDrop = await openDrop(database.db, at);
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

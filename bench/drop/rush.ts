/** The rush: buy attempts at one drop, timed, summed up and printed. */
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/server/db/client';
import { createDrop } from '../../src/server/modules/pay-orders/pay-orders.fixtures';
import { pool, pct, request, type Answer } from '../bench-kit';
import { EDITIONS, SOLD_OUT, f, type Buyer, type Timed } from './options';

/** A drop on sale since a minute before `now`, one edition per buyer. */
export const openDrop = (db: Db, now: Date, editionSize = EDITIONS) =>
  createDrop(db, { editionSize, perUserLimit: 1, saleStartsAt: new Date(now.getTime() - 60_000) });

/**
 * Runs `n` requests over `width` connections; each answer also carries when it arrived (ms from the start) and the
 * CPU time this process had used by then (ms, user + system: the app and the HTTP client when the app runs here),
 * read from a sample taken every millisecond or so rather than per answer (reading it costs a system call, which
 * would be charged to the app sharing this thread).
 */
export async function timedPool(n: number, width: number, job: (i: number) => Promise<Answer>) {
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

export const buyRequest = (agent: http.Agent, port: number, buyer: Buyer, drop: string, key: string) =>
  request(
    agent,
    port,
    'POST',
    '/api/payOrder/create',
    { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
    JSON.stringify({ type: 'card', cardInfoId: drop, quantity: 1 }),
  );

export interface Rush {
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

export function summarise(results: Timed[], seconds: number): Rush {
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

export function printRush(r: Rush, attempts: number) {
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

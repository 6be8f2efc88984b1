/** Sold-out refusals: a burst at a drop once sold out, and the queries the server runs meanwhile. */
import type http from 'node:http';
import { pct } from '../bench-kit';
import { REFUSALS, REFUSAL_CONNECTIONS, SOLD_OUT, f, type Buyer } from './options';
import { buyRequest, timedPool } from './rush';

/** Attempts at a sold-out drop by buyers without an order: what a refusal costs once the flag is up. */
export async function refusalBurst(
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

/** Counts the queries the app runs while `counting` is on (by the table they start from). */
export function queryCounter() {
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

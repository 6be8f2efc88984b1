/** The same drop on one and on several server processes sharing PostgreSQL and Redis. */
import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import type { SandboxProvider } from '../../src/server/adapters/payments/sandbox';
import type { Database } from '../../src/server/db/client';
import { cardInfos, payOrders } from '../../src/server/db/schema';
import { createBuyers } from '../../src/server/modules/pay-orders/pay-orders.fixtures';
import { pool, request } from '../bench-kit';
import { ATTEMPTS, CONNECTIONS, EDITIONS, REFUSALS, WARM_UP, f } from './options';
import { refusalBurst } from './refusals';
import { buyRequest, openDrop, printRush, summarise, timedPool, type Rush } from './rush';
import { startServers, stopServers } from './servers';
import { invariants, payAll } from './settle';

export interface InstancesResult {
  n: number;
  rush: Rush;
  ok: boolean;
}

/** One drop on `n` server processes: the rush, refusals, then half paid, half expired and sold again. */
export async function runInstances(
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
    const drop = await openDrop(db, now);
    const buyers = await createBuyers(db, ATTEMPTS + REFUSALS + EDITIONS * 2, now);
    await pool(400, CONNECTIONS, (i) => request(agent, ports[i % n]!, 'GET', '/healthz', {}));
    // Each process's buy path warmed up on a small drop of its own (as in process).
    const warmDrop = await openDrop(db, now, WARM_UP / 4);
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

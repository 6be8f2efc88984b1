/** After a rush: the orders paid through the sandbox's webhook, and the invariants (nothing oversold, serials distinct). */
import type http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { SandboxProvider } from '../../src/server/adapters/payments/sandbox';
import type { Db } from '../../src/server/db/client';
import { cardInfos, cards, payOrders } from '../../src/server/db/schema';
import { pool, request } from '../bench-kit';

/** Pays orders through the sandbox's signed webhook over real HTTP; answers how many settled. */
export async function payAll(db: Db, sandbox: SandboxProvider, agent: http.Agent, ports: number[], orderNos: string[]) {
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

export async function invariants(db: Db, drop: string, sold: number) {
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

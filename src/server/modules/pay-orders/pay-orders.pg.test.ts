import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cards, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers, createDrop, supplyOf } from './pay-orders.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: pay order concurrency tests need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('pay orders under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let seq = 0;

  const create = (token: string, cardInfoId: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `pg-key-${seq++}` },
      payload: { type: 'card', cardInfoId, quantity },
    });
  const supply = (id: string) => supplyOf(t.db, id);
  const webhookFor = async (orderNo: string) => {
    const row = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!;
    return sandbox.pay({ checkoutId: row.providerRef!, orderNo, amountCents: row.amountCents });
  };
  const deliver = (w: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers: w.headers, payload: w.body });

  beforeAll(async () => {
    // Thousands of buyers arrive from one test process (one IP): lift the per-IP limit.
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    sandbox = t.app.deps.payments as SandboxProvider;
  });
  afterAll(() => t?.close());

  it('1 000 concurrent buyers, 100 editions, limit 1: exactly 100 orders, then serials 1–100 once each', async () => {
    const drop = await createDrop(t.db, { editionSize: 100, perUserLimit: 1 });
    const buyers = await createBuyers(t.db, 1000, t.clock.now());
    const results = await Promise.all(buyers.map((b) => create(b.token, drop)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(900);
    expect(new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg))).toEqual(
      new Set(['此卡牌已售罄']),
    );
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 100 });

    const orders = results.filter((r) => r.statusCode === 200).map((r) => r.json().data as PayOrder);
    const hooks = await Promise.all(orders.map((o) => webhookFor(o.orderNo)));
    const settled = await Promise.all(hooks.map(deliver));
    expect(settled.every((r) => r.json().data.outcome === 'settled')).toBe(true);

    expect(await supply(drop)).toEqual({ minted: 100, reserved: 0 });
    const minted = await t.db
      .select({ serial: cards.serial, ownerId: cards.ownerId })
      .from(cards)
      .where(eq(cards.cardInfoId, drop));
    expect(minted.map((c) => c.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(minted.map((c) => c.ownerId)).size).toBe(100);
  }, 900_000);

  it('200 concurrent creates from one user with a limit of 2: at most 2 orders', async () => {
    const drop = await createDrop(t.db, { editionSize: 1000, perUserLimit: 2 });
    const [buyer] = await createBuyers(t.db, 1, t.clock.now());
    const results = await Promise.all(Array.from({ length: 200 }, () => create(buyer!.token, drop)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(198);
    const rows = await t.db.select({ id: payOrders.id }).from(payOrders).where(eq(payOrders.buyerId, buyer!.id));
    expect(rows).toHaveLength(2);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 2 });
  }, 180_000);

  it('the same Idempotency-Key sent 50 times at once makes one order', async () => {
    const drop = await createDrop(t.db, { editionSize: 1000, perUserLimit: 5 });
    const [buyer] = await createBuyers(t.db, 1, t.clock.now());
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payOrder/create',
          headers: { authorization: `Bearer ${buyer!.token}`, 'idempotency-key': 'one-key-for-all' },
          payload: { type: 'card', cardInfoId: drop, quantity: 1 },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.orderNo)).size).toBe(1);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
  });

  it('the same webhook event delivered 5 times concurrently, racing payCheck: one settlement', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const [buyer] = await createBuyers(t.db, 1, t.clock.now());
    const order = (await create(buyer!.token, drop, 2)).json().data as PayOrder;
    const hook = await webhookFor(order.orderNo);
    const check = () =>
      t.call<PayOrder>('GET', 'payOrder/payCheck', { token: buyer!.token, query: { orderNo: order.orderNo } });
    const [checks, deliveries] = await Promise.all([
      Promise.all([check(), check()]),
      Promise.all(Array.from({ length: 5 }, () => deliver(hook))),
    ]);
    const outcomes = deliveries.map((r) => r.json().data.outcome as string);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'settled' || o === 'already_paid')).toHaveLength(1);
    expect(checks.every((c) => c.status === 200)).toBe(true);
    expect(await supply(drop)).toEqual({ minted: 2, reserved: 0 });
    expect(await t.db.select({ id: cards.id }).from(cards).where(eq(cards.cardInfoId, drop))).toHaveLength(2);
    const events = await t.db.execute(
      sql`select count(*)::int as n from payment_events where order_no = ${order.orderNo}`,
    );
    expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('expiry jobs running at once on one PostgreSQL release every reservation exactly once', async () => {
    const drop = await createDrop(t.db, { editionSize: 500, perUserLimit: 1 });
    const buyers = await createBuyers(t.db, 300, t.clock.now());
    const made = await Promise.all(buyers.map((b) => create(b.token, drop)));
    expect(made.every((r) => r.statusCode === 200)).toBe(true);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 300 });
    const pendingBefore = await t.db.$count(payOrders, eq(payOrders.status, 'pending'));
    t.clock.advance(15 * 60_000);
    const sweep = async () => {
      let n = 0;
      for (let k; (k = await t.app.services.payOrders.expireDue(25)) > 0;) n += k;
      return n;
    };
    const counts = await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(pendingBefore);
    expect(await t.db.$count(payOrders, eq(payOrders.cardInfoId, drop))).toBe(300);
    expect(await t.db.$count(payOrders, eq(payOrders.status, 'pending'))).toBe(0);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 0 });
  }, 540_000);
});

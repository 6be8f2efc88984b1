import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { payOrders, perkUses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers, createProduct } from '../pay-orders/pay-orders.fixtures';
import { givePerkCard, monthlyDiscount } from './perks.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: perk race tests need PostgreSQL (set TEST_DATABASE_URL)');

/** A perk used once per period under real concurrency (issue 21: 10 concurrent orders, one discounted). */
describe.skipIf(!TEST_DATABASE_URL)('perks under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 12 });
    sandbox = t.app.deps.payments as SandboxProvider;
  });
  afterAll(() => t?.close());

  it('10 concurrent mall orders by one holder of 8 折 (每月一次): exactly one discounted, all paid, books balanced', async () => {
    const figure = await createProduct(t.db, { stock: 100, perUserLimit: 10, priceCents: 39_900, type: 1 });
    const [holder] = (await createBuyers(t.db, 1, t.clock.now())) as [{ id: string; token: string }];
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [holder.id] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payOrder/create',
          headers: { authorization: `Bearer ${holder.token}`, 'idempotency-key': `perk-race-${seq++}` },
          payload: { type: 'product', productId: figure, quantity: 1 },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const orders = results.map((r) => r.json().data as PayOrder);
    const discounted = orders.filter((o) => o.discount > 0);
    const full = orders.filter((o) => o.discount === 0);
    console.log(`perk race (API, one holder): ${discounted.length} discounted, ${full.length} full price of 10`);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]).toMatchObject({ amount: 31_920, discount: 7_980 });
    expect(full.every((o) => o.amount === 39_900)).toBe(true);

    // Paid concurrently: each settles once, the one discount is booked (the test app reconciles on close).
    const hooks = await Promise.all(
      orders.map(async (o) => {
        const row = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, o.orderNo)))[0]!;
        return sandbox.pay({ checkoutId: row.providerRef!, orderNo: o.orderNo, amountCents: row.amountCents });
      }),
    );
    const settled = await Promise.all(
      hooks.map((w) =>
        t.app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers: w.headers, payload: w.body }),
      ),
    );
    expect(settled.map((r) => r.json().data.outcome)).toEqual(Array(10).fill('settled'));
  });

  it('10 concurrent transactions racing for one use without the buyer lock: the unique key lets exactly one through', async () => {
    const [holder] = (await createBuyers(t.db, 1, t.clock.now())) as [{ id: string; token: string }];
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [holder.id] });
    const item = {
      kind: 'product' as const,
      id: 'prd_x',
      productType: 1,
      themeId: null,
      unitPriceCents: 39_900,
      quantity: 1,
    };
    const now = t.clock.now();
    const applied = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.db.transaction((tx) =>
          t.app.services.perks.apply(tx, { buyerId: holder.id, orderNo: `TRRACE${seq}X${i}`, item, now }),
        ),
      ),
    );
    const got = applied.filter((a) => a !== null);
    console.log(`perk race (no buyer lock): ${got.length} discounted, ${applied.length - got.length} full price of 10`);
    expect(got).toHaveLength(1);
    expect(await t.db.select().from(perkUses).where(eq(perkUses.buyerId, holder.id))).toHaveLength(1);
    // Clean up the uses of orders that never existed, so the books' check on close sees only real orders.
    await t.db.delete(perkUses).where(eq(perkUses.buyerId, holder.id));
  });
});

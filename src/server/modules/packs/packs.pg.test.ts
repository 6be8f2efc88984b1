import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cards, payOrders, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { verifySeries } from '../../../shared/pack-draw';
import type { PackDraws, PackSeriesDetail } from '../../../shared/schemas/packs';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers } from '../pay-orders/pay-orders.fixtures';
import { createPoolCards } from './packs.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: pack concurrency tests need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('mystery packs under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let seq = 0;

  const create = (token: string, seriesId: string, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `pack-pg-${seq++}` },
      payload: { type: 'pack', seriesId, quantity },
    });
  const pay = async (orderNo: string) => {
    const row = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!;
    const w = await sandbox.pay({ checkoutId: row.providerRef!, orderNo, amountCents: row.amountCents });
    return t.app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers: w.headers, payload: w.body });
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    sandbox = t.app.deps.payments as SandboxProvider;
  });
  afterAll(() => t?.close());

  it('300 concurrent buyers for the last 40 packs, cap 2: 0 oversold, caps held, distinct serials, all verifiable', async () => {
    const [admin] = await createBuyers(t.db, 1, t.clock.now());
    await t.db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.id, admin!.id));
    const pool = await createPoolCards(t.db, [
      { rarity: 'N', editionSize: 200 },
      { rarity: 'R', editionSize: 100 },
      { rarity: 'SR', editionSize: 20 },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/packs/create',
      headers: { authorization: `Bearer ${admin!.token}` },
      payload: {
        name: '競爭卡包',
        cover: '/media/p.svg',
        priceCents: 1_000,
        cardsPerPack: 2,
        perUserLimit: 2,
        guarantee: { minRarity: 'SR', every: 2 },
        pool: [
          { cardInfoId: pool[0], count: 50 },
          { cardInfoId: pool[1], count: 20 },
          { cardInfoId: pool[2], count: 10 },
        ],
      },
    });
    expect(made.statusCode).toBe(200);
    const seriesId = made.json().data.id as string;
    const buyers = await createBuyers(t.db, 300, t.clock.now());
    // Each buyer asks for 1 pack twice and 2 packs once, all at the same time: the cap (2) and the supply (40) judge.
    const asks = buyers.flatMap((b) => [
      create(b.token, seriesId),
      create(b.token, seriesId),
      create(b.token, seriesId, 2),
    ]);
    const results = await Promise.all(asks);
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const orders = results.filter((r) => r.statusCode === 200).map((r) => r.json().data as PayOrder);
    const packs = orders.reduce((n, o) => n + o.quantity, 0);
    expect(packs).toBe(40);
    const perBuyer = new Map<string, number>();
    for (const [i, r] of results.entries())
      if (r.statusCode === 200) {
        const b = buyers[Math.floor(i / 3)]!.id;
        perBuyer.set(b, (perBuyer.get(b) ?? 0) + (r.json().data as PayOrder).quantity);
      }
    expect(Math.max(...perBuyer.values())).toBeLessThanOrEqual(2);

    // Paid all at once: the series' row lock hands out nonces 1–40 with no gap.
    const settled = await Promise.all(orders.map((o) => pay(o.orderNo)));
    expect(settled.every((r) => r.json().data.outcome === 'settled')).toBe(true);
    const minted = await t.db
      .select({ ci: cards.cardInfoId, serial: cards.serial })
      .from(cards)
      .where(inArray(cards.cardInfoId, pool));
    expect(minted).toHaveLength(80);
    expect(new Set(minted.map((c) => `${c.ci}#${c.serial}`)).size).toBe(80);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/pack/detail?id=${seriesId}` })).json()
      .data as PackSeriesDetail;
    expect(detail).toMatchObject({ packsLeft: 0, packsDrawn: 40, unitsRemaining: 0 });
    expect(detail.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const draws = (await t.app.inject({ method: 'GET', url: `/api/pack/draws?id=${seriesId}&limit=500` })).json()
      .data as PackDraws;
    expect(draws.draws.map((d) => d.nonce)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await verifySeries(detail, draws.draws)).ok).toBe(true);
  }, 540_000);
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { PackDraws, PackSeries, PackSeriesDetail } from '../../../shared/schemas/packs';
import { packSeries } from '../../db/schema/packs';
import { startSweep } from '../../jobs/sweeps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { packShop, type PackShop } from './packs.fixtures';

const MIN = 60_000;
let keySeq = 0;

/** No write on read (decision 043): the seed is revealed by the transitions and the reveal sweep, never by a GET. */
describe('pack seed reveal', () => {
  let t: TestApp;
  let shop: PackShop;

  const revealedAt = async (id: string) =>
    (await t.db.select({ at: packSeries.revealedAt }).from(packSeries).where(eq(packSeries.id, id)))[0]!.at;
  const detail = (id: string) => t.call<PackSeriesDetail>('GET', 'pack/detail', { query: { id } });
  /** A series on sale for 10 minutes from now, and one pending order of a fresh buyer. */
  async function endingSeries() {
    const ends = new Date(t.clock.now().getTime() + 10 * MIN);
    const id = await shop.series(4, 2, { perUserLimit: 2, saleEndsAt: ends.toISOString() });
    const buyer = await signIn(t);
    const order = await t.call<PayOrder>('POST', 'payOrder/create', {
      token: buyer.token,
      body: { type: 'pack', seriesId: id, quantity: 1 },
      headers: { 'Idempotency-Key': `reveal-${keySeq++}` },
    });
    expect(order.status).toBe(200);
    return { id, orderNo: order.data.orderNo, ends };
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await packShop(t);
  });
  afterAll(() => t.close());

  it('a window that ended is revealed by the sweep; pack/detail, pack/draws and pack/list only read', async () => {
    const s = await endingSeries();
    await t.app.inject({ method: 'POST', url: `/pay/sandbox/${s.orderNo}/confirm` });
    t.clock.set(new Date(s.ends.getTime() + 1));
    const before = await detail(s.id);
    expect(before.data).toMatchObject({ saleState: 'ended', serverSeed: null, revealedAt: null });
    expect((await t.call<PackDraws>('GET', 'pack/draws', { query: { id: s.id } })).data.serverSeed).toBeNull();
    expect((await t.call<PackSeries[]>('GET', 'pack/list')).data.map((p) => p.id)).not.toContain(s.id);
    expect(await revealedAt(s.id)).toBeNull();

    const job = startSweep('packReveals', t.app.services, t.app.log, { intervalMs: 3_600_000 });
    expect(await job.runOnce()).toBe(1);
    await job.stop();
    const after = await detail(s.id);
    expect(after.data.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.data.revealedAt).toBe(t.clock.now().toISOString());
    // Revealed once: the next sweep finds nothing.
    expect(await t.app.services.packs.revealDue(10)).toBe(0);
  });

  it('a pending order holds the seed back past the window; its expiry releases the last hold and reveals', async () => {
    const s = await endingSeries();
    t.clock.set(new Date(s.ends.getTime() + 1));
    expect(await t.app.services.packs.revealDue(10)).toBe(0);
    expect(await revealedAt(s.id)).toBeNull();
    t.clock.advance(16 * MIN);
    expect(await t.app.services.payOrders.expireDue(10)).toBeGreaterThanOrEqual(1);
    expect(await revealedAt(s.id)).not.toBeNull();
    expect((await detail(s.id)).data.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/schemas/addresses';
import { addresses, goods, shipmentItems, shipments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addProduct, addressBody, giveGoods, signIn } from './shipments.fixtures';

if (!TEST_DATABASE_URL)
  console.log('skipped: delivery and address-book concurrency tests need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('delivery and the address book under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let box: string;

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    box = await addProduct(t, { type: 1 });
  });
  afterAll(() => t?.close());

  const addAddress = async (token: string, body = addressBody()) =>
    (await t.call<Address>('POST', 'address/add', { token, body })).data;
  const deliver = (token: string, goodsIds: string[], addressId: string) =>
    t.call('POST', 'goods/delivery', { token, body: { goodsIds, addressId } });
  const shipmentsOf = (userId: string) =>
    t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.userId, userId));

  it('the same goods requested for delivery 10 times at once: one shipment, the others 409', async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box, 3);
    const addr = await addAddress(u.token);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(u.token, ids, addr.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await shipmentsOf(u.userId)).toHaveLength(1);
    const carried = await t.db
      .select({ goodsId: shipmentItems.goodsId })
      .from(shipmentItems)
      .where(inArray(shipmentItems.goodsId, ids));
    expect(carried).toHaveLength(3);
  });

  it('overlapping requests (in opposite orders) never deadlock and never ship a unit twice', async () => {
    const u = await signIn(t);
    const ids = await giveGoods(t, u.userId, box, 6);
    const addr = await addAddress(u.token);
    const sets = [ids.slice(0, 4), [...ids.slice(2, 6)].reverse(), [ids[5]!, ids[0]!], ids.slice(1, 3).reverse()];
    const results = await Promise.all(
      sets.flatMap((s) => [deliver(u.token, s, addr.id), deliver(u.token, s, addr.id)]),
    );
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const carried = await t.db
      .select({ goodsId: shipmentItems.goodsId })
      .from(shipmentItems)
      .where(inArray(shipmentItems.goodsId, ids));
    expect(new Set(carried.map((c) => c.goodsId)).size).toBe(carried.length);
    expect((await shipmentsOf(u.userId)).length).toBe(results.filter((r) => r.status === 200).length);
  });

  it('listing and delivering the same goods at once: exactly one wins, every time', async () => {
    // The market does not exist yet: its listing step is simulated with the conditional UPDATE it
    // will run (status 'held' → 'listed'); goods being delivered are no longer 'held'.
    const u = await signIn(t);
    const addr = await addAddress(u.token);
    let delivered = 0;
    let listed = 0;
    for (let round = 0; round < 20; round++) {
      const [id] = await giveGoods(t, u.userId, box);
      const list = () =>
        t.db
          .update(goods)
          .set({ status: 'listed' })
          .where(and(eq(goods.id, id!), eq(goods.status, 'held')))
          .returning({ id: goods.id });
      // Odd rounds give the delivery a head start of a few milliseconds, so both orders of arrival are tried.
      const later = round % 2 ? new Promise<void>((r) => setTimeout(r, round % 4 === 1 ? 2 : 8)).then(list) : list();
      const [res, rows] = await Promise.all([deliver(u.token, [id!], addr.id), later]);
      const delivering = res.status === 200;
      const listing = rows.length === 1;
      expect(delivering !== listing).toBe(true);
      if (delivering) expect(res.status).toBe(200);
      else expect(res.status).toBe(409);
      delivered += Number(delivering);
      listed += Number(listing);
      const [row] = await t.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id!));
      expect(row!.status).toBe(delivering ? 'delivering' : 'listed');
    }
    console.log(`listing vs delivery: ${delivered} won by delivery, ${listed} by listing, of 20`);
    expect(delivered + listed).toBe(20);
  }, 180_000);

  it('setDefault racing on two addresses: exactly one default after every round', async () => {
    const u = await signIn(t);
    const a = await addAddress(u.token);
    const b = await addAddress(u.token, addressBody({ recipient: '李小明' }));
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([
        t.call('POST', 'address/setDefault', { token: u.token, body: { id: a.id } }),
        t.call('POST', 'address/setDefault', { token: u.token, body: { id: b.id } }),
        t.call('POST', 'address/setDefault', { token: u.token, body: { id: round % 2 ? a.id : b.id } }),
      ]);
      expect(results.every((r) => r.status === 200)).toBe(true);
      const defaults = await t.db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, u.userId), eq(addresses.isDefault, true)));
      expect(defaults).toHaveLength(1);
    }
  }, 180_000);

  it('25 concurrent adds to an empty book: 20 kept, exactly one default', async () => {
    const u = await signIn(t);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.call('POST', 'address/add', {
          token: u.token,
          body: addressBody({ recipient: `收件人${i}`, isDefault: i % 3 === 0 }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const counts = await t.db.execute(
      sql`select count(*)::int as n, count(*) filter (where is_default)::int as d from addresses where user_id = ${u.userId}`,
    );
    expect((counts as unknown as { rows: { n: number; d: number }[] }).rows[0]).toEqual({ n: 20, d: 1 });
  });

  it('the partial unique index refuses a second default even without the service', async () => {
    const u = await signIn(t);
    const a = await addAddress(u.token);
    await addAddress(u.token, addressBody({ recipient: 'B' }));
    await expect(
      t.db
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.userId, u.userId), sql`${addresses.id} <> ${a.id}`)),
    ).rejects.toThrow();
  });
});

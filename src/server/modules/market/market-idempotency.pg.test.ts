import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { createProduct } from '../pay-orders/pay-orders.fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: Idempotency-Key race tests need PostgreSQL (set TEST_DATABASE_URL)');

/** Every call that takes an Idempotency-Key answers all attempts of one key alike, however many arrive at once. */
describe.skipIf(!TEST_DATABASE_URL)('the same answer for the same Idempotency-Key, sent at once (PostgreSQL)', () => {
  let t: TestApp;
  let seq = 0;
  const N = 20;
  const post = (token: string, url: string, payload: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload,
    });
  const newCardInfo = async () => {
    const id = `idem${seq++}`;
    await addTheme(t, id, [{ id: `${id}_c1` }]);
    return `${id}_c1`;
  };
  /** N attempts of one key at once: every answer is the first one, status and body. */
  const sameAnswers = async (attempt: () => ReturnType<typeof post>) => {
    const results = await Promise.all(Array.from({ length: N }, attempt));
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    const bodies = new Set(results.map((r) => r.body));
    expect(bodies.size).toBe(1);
    // A later retry too.
    expect((await attempt()).body).toBe(results[0]!.body);
    return results[0]!.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it('market/create of a buy listing: one listing, one bid order, the same answer for all', async () => {
    const bidder = await trader(t);
    const cardInfoId = await newCardInfo();
    const key = freshKey();
    const body = { sell_type: 1, kind: 'card', cardInfoId, price: 1_500 };
    const data = await sameAnswers(() => post(bidder.token, 'market/create', body, key));
    expect(data.orderNo).toMatch(/^TR/);
    const rows = await t.db.select().from(listings).where(eq(listings.userId, bidder.userId));
    expect(rows.map((r) => [r.id, r.status, r.fundingOrderNo])).toEqual([
      [data.listing.id, 'pending_payment', data.orderNo],
    ]);
    const orders = await t.db.select().from(payOrders).where(eq(payOrders.buyerId, bidder.userId));
    expect(orders.map((o) => o.orderNo)).toEqual([data.orderNo]);
  }, 360_000);

  it('market/create of a sell listing: the item listed once, the same listing for all', async () => {
    const seller = await trader(t);
    const card = await giveCard(t, seller.userId, await newCardInfo());
    const key = freshKey();
    const body = { sell_type: 0, kind: 'card', itemId: card, price: 2_000 };
    const data = await sameAnswers(() => post(seller.token, 'market/create', body, key));
    const rows = await t.db.select().from(listings).where(eq(listings.userId, seller.userId));
    expect(rows.map((r) => [r.id, r.status, r.itemId])).toEqual([[data.listing.id, 'active', card]]);
    // Another key is another request: the item is listed already.
    const other = await post(seller.token, 'market/create', body, freshKey());
    expect(other.statusCode).toBe(409);
  }, 360_000);

  it('payOrder/create: one order, the same answer for all', async () => {
    const buyer = await trader(t);
    const productId = await createProduct(t.db, { stock: 10, perUserLimit: 5 });
    const key = freshKey();
    const data = await sameAnswers(() =>
      post(buyer.token, 'payOrder/create', { type: 'product', productId, quantity: 1 }, key),
    );
    const orders = await t.db.select().from(payOrders).where(eq(payOrders.buyerId, buyer.userId));
    expect(orders.map((o) => o.orderNo)).toEqual([data.orderNo]);
  }, 360_000);
});

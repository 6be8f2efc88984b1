import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe-server';
import { payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers, createDrop } from './pay-orders.fixtures';

let keySeq = 0;

/** `payOrder/create` of one edition of a fresh drop, with the given Host header. */
async function createWithHost(t: TestApp, token: string, host: string): Promise<PayOrder> {
  const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 3 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payOrder/create',
    headers: { host, authorization: `Bearer ${token}`, 'Idempotency-Key': `origin-key-${keySeq++}` },
    payload: { type: 'card', cardInfoId: drop, quantity: 1 },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: PayOrder }).data;
}

describe('the checkout address follows the origin the buyer opened the app at (PUBLIC_URL unset)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createBuyers(t.db, 1, t.clock.now()))[0]!.token;
  });
  afterAll(() => t.close());

  it('answers a pay URL on 127.0.0.1 for a buyer who came in as 127.0.0.1 on the server port', async () => {
    const host = `127.0.0.1:${t.config.PORT}`;
    const order = await createWithHost(t, token, host);
    expect(order.payUrl).toBe(`http://${host}/pay/sandbox/${order.orderNo}`);
  });

  it.each([
    'evil.example',
    `evil.example:${3000}`,
    'localhost:1',
    '127.0.0.1.evil.example:3000',
    'localhost:3000@evil',
  ])('keeps the default origin for a Host the server does not listen for (%s)', async (host) => {
    const order = await createWithHost(t, token, host);
    expect(order.payUrl).toBe(`${t.config.publicUrl}/pay/sandbox/${order.orderNo}`);
    expect(order.payUrl).not.toContain('evil');
  });
});

describe('the checkout address with PUBLIC_URL set', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://trove.example.hk' } });
    token = (await createBuyers(t.db, 1, t.clock.now()))[0]!.token;
  });
  afterAll(() => t.close());

  it('always uses PUBLIC_URL, whatever the Host', async () => {
    const order = await createWithHost(t, token, `127.0.0.1:${t.config.PORT}`);
    expect(order.payUrl).toBe(`https://trove.example.hk/pay/sandbox/${order.orderNo}`);
  });
});

describe("a provider's way back (Stripe's success_url) with PUBLIC_URL unset", () => {
  let fake: FakeStripe;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeStripe('sk_test_trove_fake');
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_trove_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_trove_test_secret',
        STRIPE_API_BASE: fake.url,
      },
    });
    token = (await createBuyers(t.db, 1, t.clock.now()))[0]!.token;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const successUrl = async (orderNo: string) => {
    const ref = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!.providerRef!;
    return fake.sessions.get(ref)!.success_url;
  };

  it('returns the buyer to the origin they came from, and a foreign Host to the default', async () => {
    const mine = await createWithHost(t, token, `127.0.0.1:${t.config.PORT}`);
    expect(await successUrl(mine.orderNo)).toBe(`http://127.0.0.1:${t.config.PORT}/mall/info?orderNo=${mine.orderNo}`);
    const foreign = await createWithHost(t, token, 'evil.example');
    expect(await successUrl(foreign.orderNo)).toBe(`${t.config.publicUrl}/mall/info?orderNo=${foreign.orderNo}`);
  });
});

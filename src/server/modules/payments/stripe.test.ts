import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../adapters/payments/fake-stripe-server';
import { cardInfos, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminRefund } from '../../../shared/schemas/admin-ledger';
import { signInOperator } from '../../testing/operator';
import { createBuyers, createDrop, supplyOf } from '../pay-orders/pay-orders.fixtures';

const SECRET = 'sk_test_trove_fake';
const WHSEC = 'whsec_trove_test_secret';

describe('Stripe provider against a local fake of its API', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let buyer: { id: string; token: string };
  const stripe = new Stripe('sk_test_unused');
  let keySeq = 0;

  const create = (cardInfoId: string, quantity = 1) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token: buyer.token,
      body: { type: 'card', cardInfoId, quantity },
      headers: { 'Idempotency-Key': `stripe-key-${keySeq++}` },
    });
  const postEvent = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
  const signed = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC });
  const supply = (id: string) => supplyOf(t.db, id);
  const providerRef = async (orderNo: string) =>
    (await t.db.select({ ref: payOrders.providerRef }).from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!.ref!;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET);
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: SECRET,
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_BASE: fake.url,
        PUBLIC_URL: 'https://trove.example',
      },
    });
    [buyer] = (await createBuyers(t.db, 1, t.clock.now())) as [typeof buyer];
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('opens a Checkout Session in HKD and answers its URL as payUrl', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents: 12_800 });
    const order = (await create(drop, 2)).data;
    expect(order.paymentMethod).toBe('信用卡');
    const ref = await providerRef(order.orderNo);
    const session = fake.sessions.get(ref)!;
    expect(order.payUrl).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'hkd',
      amount_total: 25_600,
      client_reference_id: order.orderNo,
      metadata: { orderNo: order.orderNo },
    });
    expect(session.success_url).toBe(`https://trove.example/mall/info?orderNo=${order.orderNo}`);
    expect(fake.requests).toContain('POST /v1/checkout/sessions');
  });

  it('settles on a signed checkout.session.completed webhook, once, however often it is delivered', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(drop)).data;
    const ref = await providerRef(order.orderNo);
    fake.markPaid(ref);
    const payload = JSON.stringify(fake.completedEvent(ref, 'evt_once'));
    const first = await postEvent(payload, signed(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, outcome: 'settled' });
    const again = await postEvent(payload, signed(payload));
    expect(again.json().data.outcome).toBe('duplicate');
    // Another event id for the same payment is not a second settlement either.
    const other = JSON.stringify(fake.completedEvent(ref, 'evt_other'));
    expect((await postEvent(other, signed(other))).json().data.outcome).toBe('already_paid');
    expect(await supply(drop)).toEqual({ minted: 1, reserved: 0 });
    const info = await t.call<PayOrder>('GET', 'payOrder/info', {
      token: buyer.token,
      query: { orderNo: order.orderNo },
    });
    expect(info.data.cards.map((c) => c.serialText)).toEqual(['#0001/10']);
  });

  /** A paid order whose checkout then captured a second payment `pi`: the order, its checkout and the refund owed. */
  const secondCapture = async (op: { token: string }, priceCents: number, pi: string) => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents });
    const order = (await create(drop)).data;
    const ref = await providerRef(order.orderNo);
    fake.markPaid(ref);
    const first = JSON.stringify(fake.completedEvent(ref, `evt_${pi}_1`));
    expect((await postEvent(first, signed(first))).json().data.outcome).toBe('settled');
    // The provider captures a second payment at the same checkout (another payment intent).
    fake.sessions.get(ref)!.payment_intent = pi;
    const second = JSON.stringify(fake.completedEvent(ref, `evt_${pi}_2`));
    expect((await postEvent(second, signed(second))).json().data.outcome).toBe('refund_due');
    const refunds = await t.call<AdminRefund[]>('GET', 'admin/ledger/refunds', { token: op.token });
    return { drop, ref, refund: refunds.data.find((r) => r.orderNo === order.orderNo)! };
  };

  it('owes a second capture at a paid checkout back, and pays it through the refunds API once', async () => {
    const op = await signInOperator(t);
    const { drop, ref, refund } = await secondCapture(op, 9_900, 'pi_second_capture');
    const again = JSON.stringify(fake.completedEvent(ref, 'evt_cap_3'));
    expect((await postEvent(again, signed(again))).json().data.outcome).toBe('already_refund_due');
    expect(await supply(drop)).toEqual({ minted: 1, reserved: 0 });
    expect(refund).toMatchObject({ reason: 'duplicate', paymentRef: 'pi_second_capture', amount: 9_900 });

    // Stripe refuses once: the record is marked failed, nothing is booked, and it can be paid again.
    fake.refuseNextRefund.on = true;
    const refused = await t.call('POST', 'admin/ledger/refunds/pay', { token: op.token, body: { id: refund.id } });
    expect(refused).toMatchObject({ status: 503, msg: '支付服務暫時未能處理退款，請稍後再試' });
    const paid = await t.call<AdminRefund>('POST', 'admin/ledger/refunds/pay', {
      token: op.token,
      body: { id: refund.id },
    });
    expect(paid.data).toMatchObject({ status: 'paid', failure: null });
    expect(fake.refunds.get(paid.data.providerRefundRef!)).toEqual({
      payment_intent: 'pi_second_capture',
      amount: 9_900,
      key: `refund-${refund.id}`,
    });
    expect(fake.requests.filter((r) => r === 'POST /v1/refunds').length).toBeGreaterThanOrEqual(2);
  });

  it('a refund of a payment intent Stripe does not have (resource_missing) is a 409 that says so, not a 503', async () => {
    const op = await signInOperator(t);
    const { ref, refund } = await secondCapture(op, 4_200, 'pi_gone_capture');
    // Stripe no longer has that payment intent (say, taken back on its side).
    fake.sessions.get(ref)!.payment_intent = 'pi_other';
    const refused = await t.call('POST', 'admin/ledger/refunds/pay', { token: op.token, body: { id: refund.id } });
    const why = 'stripe 沒有此付款（pi_gone_capture），無法經支付服務退款';
    expect(refused).toMatchObject({ status: 409, msg: `${why}；請核對付款紀錄，改以其他方式退還` });
    const after = await t.call<AdminRefund[]>('GET', 'admin/ledger/refunds', { token: op.token });
    expect(after.data.find((r) => r.id === refund.id)).toMatchObject({ status: 'failed', failure: why });
  });

  it('rejects a webhook with a bad signature or one signed with another secret', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(drop)).data;
    const ref = await providerRef(order.orderNo);
    fake.markPaid(ref);
    const payload = JSON.stringify(fake.completedEvent(ref));
    expect(
      (await postEvent(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' })))
        .statusCode,
    ).toBe(400);
    expect((await postEvent(payload.replace('"paid"', '"paid" '), signed(payload))).statusCode).toBe(400);
    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WHSEC,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await postEvent(payload, old)).statusCode).toBe(400);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
  });

  it('payCheck retrieves the session and settles when Stripe says it is paid', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(drop)).data;
    const ref = await providerRef(order.orderNo);
    expect(
      (await t.call<PayOrder>('GET', 'payOrder/payCheck', { token: buyer.token, query: { orderNo: order.orderNo } }))
        .data.status,
    ).toBe('pending');
    fake.markPaid(ref);
    const paid = await t.call<PayOrder>('GET', 'payOrder/payCheck', {
      token: buyer.token,
      query: { orderNo: order.orderNo },
    });
    expect(paid.data.status).toBe('paid');
    expect(fake.requests).toContain(`GET /v1/checkout/sessions/${ref}`);
    expect(await supply(drop)).toEqual({ minted: 1, reserved: 0 });
  });

  it('ignores events that are not payments, and a paid amount that does not match the order', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(drop)).data;
    const ref = await providerRef(order.orderNo);
    const other = JSON.stringify({
      id: 'evt_misc',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect((await postEvent(other, signed(other))).json().data.outcome).toBe('ignored');
    fake.markPaid(ref);
    const event = fake.completedEvent(ref, 'evt_short');
    event.data.object.amount_total = 1;
    const payload = JSON.stringify(event);
    expect((await postEvent(payload, signed(payload))).json().data.outcome).toBe('amount_mismatch');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
  });

  it('gives the reservation back and answers 503 when Stripe cannot open a checkout', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const down = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_wrong',
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_BASE: fake.url,
      },
    });
    try {
      const [u] = await createBuyers(down.db, 1, down.clock.now());
      const themeDrop = await createDrop(down.db, { editionSize: 10, perUserLimit: 5 });
      const res = await down.call('POST', 'payOrder/create', {
        token: u!.token,
        body: { type: 'card', cardInfoId: themeDrop, quantity: 1 },
        headers: { 'Idempotency-Key': 'stripe-down-1' },
      });
      expect(res).toMatchObject({ status: 503, msg: '付款服務暫時無法使用，請稍後再試' });
      const row = (
        await down.db.select({ reserved: cardInfos.reserved }).from(cardInfos).where(eq(cardInfos.id, themeDrop))
      )[0]!;
      expect(row.reserved).toBe(0);
      const list = await down.call<PayOrder[]>('GET', 'payOrder/list', { token: u!.token });
      expect(list.data.map((o) => o.status)).toEqual(['cancelled']);
    } finally {
      await down.close();
    }
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 0 });
  });
});

import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cardEvents, cards, goods, payOrders, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers, createDrop, createProduct, supplyOf } from './pay-orders.fixtures';

const MIN = 60_000;
let keySeq = 0;
const freshKey = () => `test-key-${Date.now()}-${keySeq++}`;

describe('pay orders API (sandbox provider)', () => {
  let t: TestApp;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let sandbox: SandboxProvider;

  /** `payOrder/create` with a fresh Idempotency-Key (or `key`; null: none), by `token` (undefined: anonymous). */
  const create = (token: string | undefined, body: unknown, key: string | null = freshKey()) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token,
      body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  const supply = (id: string) => supplyOf(t.db, id);
  const orderRow = async (orderNo: string) =>
    (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!;
  /** Posts a webhook to the sandbox route with the given raw body and headers. */
  const postWebhook = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = (await createBuyers(t.db, 2, t.clock.now())) as [typeof alice, typeof bob];
    sandbox = t.app.deps.payments as SandboxProvider;
    expect(sandbox.name).toBe('sandbox');
  });
  afterAll(() => t.close());

  it('creates an order that reserves the editions and answers orderNo, payUrl, amount and a 15-minute expiry', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 3, priceCents: 12_800 });
    const res = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 2 });
    expect(res).toMatchObject({ status: 200, code: 200 });
    const o = res.data;
    expect(o.orderNo).toMatch(/^TR261122\d{4}[A-Z]{4}$/);
    expect(o).toMatchObject({
      type: 'card',
      status: 'pending',
      quantity: 2,
      unitPrice: 12_800,
      amount: 25_600,
      currency: 'HKD',
      itemId: drop,
      itemName: '火焰龍',
      paymentMethod: '模擬付款',
    });
    expect(o.payUrl).toBe(`${t.config.publicUrl}/pay/sandbox/${o.orderNo}`);
    expect(new Date(o.expiresAt).getTime() - t.clock.now().getTime()).toBe(15 * MIN);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 2 });
  });

  it('answers the same order for the same Idempotency-Key, never two', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const key = freshKey();
    const first = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 }, key);
    const again = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 }, key);
    expect(again.data.orderNo).toBe(first.data.orderNo);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
    // The same key with another body is refused rather than silently answering the first order.
    const other = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 2 }, key);
    expect(other).toMatchObject({ status: 409 });
    expect(other.msg).toContain('Idempotency-Key');
    // Another user may use the same key: keys are per buyer.
    const bobs = await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 }, key);
    expect(bobs.status).toBe(200);
    expect(bobs.data.orderNo).not.toBe(first.data.orderNo);
  });

  it('requires the Idempotency-Key header and a valid body, with zh-HK messages', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const missing = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 }, null);
    expect(missing).toMatchObject({ status: 400 });
    expect(missing.msg).toContain('Idempotency-Key');
    const zero = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 0 });
    expect(zero).toMatchObject({ status: 400, msg: '數量最少為 1' });
    const extra = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1, price: 1 });
    expect(extra.status).toBe(400);
    expect(extra.msg).toContain('price');
    const badType = await create(alice.token, { type: 'gift', cardInfoId: drop, quantity: 1 });
    expect(badType.status).toBe(400);
    expect((await create(undefined, { type: 'card', cardInfoId: drop, quantity: 1 })).status).toBe(403);
    expect((await create(alice.token, { type: 'card', cardInfoId: 'ci_nope', quantity: 1 })).status).toBe(404);
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 0 });
  });

  it('answers sold out, over the limit, not yet on sale, sale ended and not for sale as distinct 409s', async () => {
    const now = t.clock.now().getTime();
    const tiny = await createDrop(t.db, { editionSize: 2, perUserLimit: 5 });
    const upcoming = await createDrop(t.db, {
      editionSize: 5,
      perUserLimit: 1,
      saleStartsAt: new Date(now + 3600_000),
    });
    const ended = await createDrop(t.db, { editionSize: 5, perUserLimit: 1, saleEndsAt: new Date(now - 1000) });
    const codeOnly = await createDrop(t.db, { editionSize: 5, perUserLimit: 1, priceCents: null });
    const limited = await createDrop(t.db, { editionSize: 50, perUserLimit: 2 });

    const msgs = new Set<string>();
    const expect409 = async (body: unknown, pattern: RegExp, token = alice.token) => {
      const res = await create(token, body);
      expect(res).toMatchObject({ status: 409, code: 409, data: null });
      expect(res.msg).toMatch(pattern);
      msgs.add(res.msg.replace(/\d+/g, 'N'));
    };
    expect((await create(alice.token, { type: 'card', cardInfoId: tiny, quantity: 2 })).status).toBe(200);
    await expect409({ type: 'card', cardInfoId: tiny, quantity: 1 }, /已售罄/, bob.token);
    await expect409({ type: 'card', cardInfoId: upcoming, quantity: 1 }, /尚未開售/);
    await expect409({ type: 'card', cardInfoId: ended, quantity: 1 }, /發售已結束/);
    await expect409({ type: 'card', cardInfoId: codeOnly, quantity: 1 }, /不設公開發售/);
    await expect409({ type: 'card', cardInfoId: limited, quantity: 3 }, /每人限購 2 張/);
    // A pending order counts against the limit.
    expect((await create(alice.token, { type: 'card', cardInfoId: limited, quantity: 2 })).status).toBe(200);
    await expect409({ type: 'card', cardInfoId: limited, quantity: 1 }, /你已購買或有待付款訂單 2 張/);
    expect(msgs.size).toBe(6);
    for (const id of [upcoming, ended, codeOnly]) expect(await supply(id)).toEqual({ minted: 0, reserved: 0 });
  });

  it('refuses a sold-out drop before looking the session up; the retry of an order still gets it, and a caller without a token gets 403 first', async () => {
    const drop = await createDrop(t.db, { editionSize: 1, perUserLimit: 1 });
    const key = freshKey();
    const order = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 }, key);
    expect(order.status).toBe(200);
    // Bob's claim finds none left: the drop is flagged (its holders' keys loaded) once the refusal is out.
    expect((await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).msg).toBe('此卡牌已售罄');
    await expect
      .poll(() => t.app.services.catalogue.soldOut.refuses({ kind: 'card', id: drop }, freshKey()))
      .toBe(true);
    const lookups = vi.spyOn(t.app.services.auth, 'authenticate');
    try {
      // New attempts, by anyone holding any token: refused from memory, no session looked up.
      expect(await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).toMatchObject({
        status: 409,
        msg: '此卡牌已售罄',
      });
      expect(await create('not-a-session', { type: 'card', cardInfoId: drop, quantity: 1 })).toMatchObject({
        status: 409,
        msg: '此卡牌已售罄',
      });
      expect(lookups).not.toHaveBeenCalled();
      // Alice's retry of her key reaches the database and gets her order back; a stranger's token with her key gets 403.
      expect((await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 }, key)).data.orderNo).toBe(
        order.data.orderNo,
      );
      expect((await create('not-a-session', { type: 'card', cardInfoId: drop, quantity: 1 }, key)).status).toBe(403);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
    // Without any token: 403 before the body is read, sold out or not, valid body or not.
    expect((await create(undefined, { type: 'card', cardInfoId: drop, quantity: 1 })).status).toBe(403);
    expect((await t.call('POST', 'payOrder/create', { body: { nonsense: true } })).status).toBe(403);
    // An unknown token on a drop still on sale: 403, nothing reserved.
    const open = await createDrop(t.db, { editionSize: 5, perUserLimit: 1 });
    expect((await create('not-a-session', { type: 'card', cardInfoId: open, quantity: 1 })).status).toBe(403);
    expect(await supply(open)).toEqual({ minted: 0, reserved: 0 });
  });

  it('says how many are left when the quantity is more than what is left', async () => {
    const drop = await createDrop(t.db, { editionSize: 3, perUserLimit: 5 });
    expect((await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 2 })).status).toBe(200);
    const res = await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 2 });
    expect(res).toMatchObject({ status: 409, msg: '此卡牌只剩 1 張，請減少數量' });
  });

  it('shows the sandbox checkout page and, on 確認付款, settles through the signed webhook and returns to the app', async () => {
    const drop = await createDrop(t.db, { editionSize: 1000, perUserLimit: 5, priceCents: 9_900 });
    const order = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 2 })).data;
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.orderNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('確認付款');
    expect(page.body).toContain('取消付款');
    expect(page.body).toContain('HK$198.00');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const confirm = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${order.orderNo}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/mall/info?orderNo=${order.orderNo}`);

    const paid = await t.call<PayOrder>('GET', 'payOrder/payCheck', {
      token: alice.token,
      query: { orderNo: order.orderNo },
    });
    expect(paid.data).toMatchObject({ status: 'paid', payUrl: null });
    expect(paid.data.cards.map((c) => c.serialText)).toEqual(['#0001/1000', '#0002/1000']);
    expect(await supply(drop)).toEqual({ minted: 2, reserved: 0 });
    const owned = await t.db
      .select({ ownerId: cards.ownerId, serial: cards.serial })
      .from(cards)
      .where(eq(cards.cardInfoId, drop));
    expect(owned.every((c) => c.ownerId === alice.id)).toBe(true);
    // Provenance records the purchase and its price.
    const events = await t.db
      .select({ via: cardEvents.via, priceCents: cardEvents.priceCents, refId: cardEvents.refId })
      .from(cardEvents)
      .innerJoin(cards, eq(cards.id, cardEvents.cardId))
      .where(eq(cards.cardInfoId, drop));
    expect(events).toEqual([
      { via: 'drop', priceCents: 9_900, refId: order.orderNo },
      { via: 'drop', priceCents: 9_900, refId: order.orderNo },
    ]);

    // Confirming again pays nothing more; the page says it is paid.
    await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${order.orderNo}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await supply(drop)).toEqual({ minted: 2, reserved: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order.orderNo}` })).body).toContain(
      '此訂單已付款',
    );
  });

  it('rejects a webhook with a bad signature or a timestamp older than 5 minutes, changing nothing', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const row = await orderRow(order.orderNo);
    const { body, headers } = await sandbox.pay({
      checkoutId: row.providerRef!,
      orderNo: row.orderNo,
      amountCents: row.amountCents,
    });

    const tampered = body.replace('"amountCents":12800', '"amountCents":1');
    const bad = await postWebhook(tampered, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Webhook 簽名無效或已過期');
    const unsigned = await postWebhook(body, {});
    expect(unsigned.statusCode).toBe(400);
    const wrongKey = await postWebhook(body, {
      'trove-signature': headers['trove-signature']!.replace(/v1=[0-9a-f]{4}/, 'v1=0000'),
    });
    expect(wrongKey.statusCode).toBe(400);

    t.clock.advance(5 * MIN + 1000);
    const stale = await postWebhook(body, headers);
    expect(stale.statusCode).toBe(400);
    t.clock.advance(-(5 * MIN + 1000));
    expect((await orderRow(order.orderNo)).status).toBe('pending');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });

    // The untouched event still settles, and its replay is a no-op.
    const good = await postWebhook(body, headers);
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ received: true, outcome: 'settled' });
    const replay = await postWebhook(body, headers);
    expect(replay.json().data).toEqual({ received: true, outcome: 'duplicate' });
    expect(await supply(drop)).toEqual({ minted: 1, reserved: 0 });
  });

  it('refuses a webhook signed with the old built-in APP_SECRET: no key is known from the source', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const row = await orderRow(order.orderNo);
    const created = Math.floor(t.clock.now().getTime() / 1000);
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.succeeded',
      created,
      data: {
        checkoutId: row.providerRef,
        orderNo: row.orderNo,
        chargeId: 'sbx_ch_forged',
        amountCents: row.amountCents,
        currency: 'HKD',
      },
    });
    // Exactly how the sandbox signed before: HMAC keyed by HMAC(default secret, label).
    const oldKey = createHmac('sha256', 'trove-local-development-secret-change-me')
      .update('trove-sandbox-webhook-v1')
      .digest('hex');
    const signature = `t=${created},v1=${createHmac('sha256', oldKey).update(`${created}.`).update(body).digest('hex')}`;
    const res = await postWebhook(body, { 'trove-signature': signature });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(order.orderNo)).status).toBe('pending');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
  });

  it("refuses a signed payment naming an unpaid order with another order's checkout id", async () => {
    const dear = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents: 50_000 });
    const cheap = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents: 50_000 });
    const a = await orderRow((await create(alice.token, { type: 'card', cardInfoId: dear, quantity: 1 })).data.orderNo);
    const b = await orderRow((await create(bob.token, { type: 'card', cardInfoId: cheap, quantity: 1 })).data.orderNo);
    expect(a.providerRef).not.toBe(b.providerRef);
    const forged = await sandbox.pay({ checkoutId: b.providerRef!, orderNo: a.orderNo, amountCents: a.amountCents });
    const res = await postWebhook(forged.body, forged.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: true, outcome: 'checkout_mismatch' });
    expect((await orderRow(a.orderNo)).status).toBe('pending');
    expect(await supply(dear)).toEqual({ minted: 0, reserved: 1 });
    expect(await t.db.select({ id: cards.id }).from(cards).where(eq(cards.cardInfoId, dear))).toHaveLength(0);
  });

  it('payCheck reconciles with the sandbox record when the webhook never arrived; webhook and payCheck racing settle once', async () => {
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const order = (await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const row = await orderRow(order.orderNo);
    const pending = await t.call<PayOrder>('GET', 'payOrder/payCheck', {
      token: bob.token,
      query: { orderNo: order.orderNo },
    });
    expect(pending.data.status).toBe('pending');
    const { body, headers } = await sandbox.pay({
      checkoutId: row.providerRef!,
      orderNo: row.orderNo,
      amountCents: row.amountCents,
    });
    const [hook, check1, check2] = await Promise.all([
      postWebhook(body, headers),
      t.call<PayOrder>('GET', 'payOrder/payCheck', { token: bob.token, query: { orderNo: order.orderNo } }),
      t.call<PayOrder>('GET', 'payOrder/payCheck', { token: bob.token, query: { orderNo: order.orderNo } }),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(['settled', 'already_paid']).toContain(hook.json().data.outcome);
    expect(check1.data.status).toBe('paid');
    expect(check2.data.cards).toHaveLength(1);
    expect(await supply(drop)).toEqual({ minted: 1, reserved: 0 });
    expect(await t.db.select({ id: cards.id }).from(cards).where(eq(cards.cardInfoId, drop))).toHaveLength(1);
  });

  it('expires an unpaid order after 15 minutes (info, payCheck or the job) and gives the editions back', async () => {
    const drop = await createDrop(t.db, { editionSize: 2, perUserLimit: 2 });
    const a = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const b = (await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    expect((await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).msg).toBe('此卡牌已售罄');
    t.clock.advance(15 * MIN - 1000);
    expect(
      (await t.call<PayOrder>('GET', 'payOrder/info', { token: alice.token, query: { orderNo: a.orderNo } })).data
        .status,
    ).toBe('pending');
    t.clock.advance(1000);
    const info = await t.call<PayOrder>('GET', 'payOrder/info', { token: alice.token, query: { orderNo: a.orderNo } });
    expect(info.data).toMatchObject({ status: 'expired', payUrl: null });
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
    // The job expires the other one; running it twice releases nothing twice.
    expect(await t.app.services.payOrders.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.payOrders.expireDue()).toBe(0);
    expect((await orderRow(b.orderNo)).status).toBe('expired');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 0 });
    // The expired order no longer counts against the limit: buying again works.
    expect((await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 2 })).status).toBe(200);
    // The sandbox page refuses an expired order.
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${a.orderNo}` });
    expect(page.body).toContain('已逾期');
    expect(page.body).not.toContain('<form');
  });

  it('marks a payment that arrives after expiry for refund instead of minting past the edition', async () => {
    const drop = await createDrop(t.db, { editionSize: 1, perUserLimit: 1 });
    const late = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const row = await orderRow(late.orderNo);
    t.clock.advance(16 * MIN);
    // Alice's order expired; Bob bought the only edition meanwhile.
    await t.app.services.payOrders.expireDue();
    const bobs = (await create(bob.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    expect(bobs.status).toBe('pending');
    const { body, headers } = await sandbox.pay({
      checkoutId: row.providerRef!,
      orderNo: row.orderNo,
      amountCents: row.amountCents,
    });
    const hook = await postWebhook(body, headers);
    expect(hook.json().data.outcome).toBe('refunded_late');
    const after = await t.call<PayOrder>('GET', 'payOrder/info', {
      token: alice.token,
      query: { orderNo: late.orderNo },
    });
    expect(after.data).toMatchObject({ status: 'refunded', cards: [] });
    expect(after.data.note).toContain('退回');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 1 });
    expect((await postWebhook(body, headers)).json().data.outcome).toBe('duplicate');
  });

  it('lets the buyer cancel a pending order, releasing the reservation', async () => {
    const drop = await createDrop(t.db, { editionSize: 5, perUserLimit: 5 });
    const order = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 3 })).data;
    expect(
      (await t.call('POST', 'payOrder/cancel', { token: bob.token, body: { orderNo: order.orderNo } })).status,
    ).toBe(404);
    const res = await t.call<PayOrder>('POST', 'payOrder/cancel', {
      token: alice.token,
      body: { orderNo: order.orderNo },
    });
    expect(res).toMatchObject({ status: 200, msg: '訂單已取消' });
    expect(res.data.status).toBe('cancelled');
    expect(await supply(drop)).toEqual({ minted: 0, reserved: 0 });
    const again = await t.call('POST', 'payOrder/cancel', { token: alice.token, body: { orderNo: order.orderNo } });
    expect(again).toMatchObject({ status: 409, msg: '訂單已結束，不能取消' });
  });

  it("answers another user's order, or an unknown one, with 404 and an anonymous caller with 403", async () => {
    const drop = await createDrop(t.db, { editionSize: 5, perUserLimit: 5 });
    const order = (await create(alice.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data;
    const ask = (method: 'GET' | 'POST', path: string, orderNo: string, token?: string) =>
      t.call(method, path, method === 'GET' ? { token, query: { orderNo } } : { token, body: { orderNo } });
    for (const [method, path] of [
      ['GET', 'payOrder/info'],
      ['GET', 'payOrder/payCheck'],
      ['POST', 'payOrder/cancel'],
    ] as const) {
      expect(await ask(method, path, order.orderNo, bob.token), path).toMatchObject({
        status: 404,
        msg: '找不到此訂單',
      });
      expect((await ask(method, path, 'TR2611220000ZZZZ', alice.token)).status, path).toBe(404);
      expect((await ask(method, path, order.orderNo)).status, path).toBe(403);
      expect((await ask(method, path, 'x', alice.token)).msg, path).toBe('訂單編號格式不正確');
    }
    // Bob's attempts changed nothing: Alice's order is still hers and pending.
    expect((await ask('GET', 'payOrder/info', order.orderNo, alice.token)).data).toMatchObject({ status: 'pending' });
  });

  it('lists the buyer’s orders by type, newest first, with paging', async () => {
    const [carol] = await createBuyers(t.db, 1, t.clock.now());
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 10 });
    const product = await createProduct(t.db, { stock: 5, perUserLimit: 5 });
    const nos: string[] = [];
    for (let i = 0; i < 3; i++) {
      nos.push((await create(carol!.token, { type: 'card', cardInfoId: drop, quantity: 1 })).data.orderNo);
      t.clock.advance(1000);
    }
    await create(carol!.token, { type: 'product', productId: product, quantity: 1 });
    const list = await t.call<PayOrder[]>('GET', 'payOrder/list', { token: carol!.token, query: { type: 'card' } });
    expect(list.data.map((o) => o.orderNo)).toEqual([...nos].reverse());
    const page2 = await t.call<PayOrder[]>('GET', 'payOrder/list', {
      token: carol!.token,
      query: { type: 'card', page: '2', pageSize: '2' },
    });
    expect(page2.data.map((o) => o.orderNo)).toEqual([nos[0]]);
    const pendingForDrop = await t.call<PayOrder[]>('GET', 'payOrder/list', {
      token: carol!.token,
      query: { status: 'pending', itemId: product },
    });
    expect(pendingForDrop.data).toHaveLength(1);
    expect(pendingForDrop.data[0]!.type).toBe('product');
    expect(
      (await t.call<PayOrder[]>('GET', 'payOrder/list', { token: alice.token, query: { itemId: product } })).data,
    ).toEqual([]);
  });

  it('sells products: reserves stock, creates goods owned by the buyer when paid, returns to /mall/goodsInfo', async () => {
    const product = await createProduct(t.db, { stock: 3, perUserLimit: 2, priceCents: 5_000 });
    const order = (await create(bob.token, { type: 'product', productId: product, quantity: 2 })).data;
    expect(order).toMatchObject({ type: 'product', amount: 10_000, itemName: '收藏卡盒' });
    expect((await create(alice.token, { type: 'product', productId: product, quantity: 2 })).msg).toBe(
      '此商品只剩 1 件，請減少數量',
    );
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${order.orderNo}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.headers.location).toBe(`/mall/goodsInfo?orderNo=${order.orderNo}`);
    const paid = await t.call<PayOrder>('GET', 'payOrder/payCheck', {
      token: bob.token,
      query: { orderNo: order.orderNo },
    });
    expect(paid.data.status).toBe('paid');
    expect(paid.data.goods).toHaveLength(2);
    const units = await t.db.select({ ownerId: goods.ownerId }).from(goods).where(eq(goods.productId, product));
    expect(units).toEqual([{ ownerId: bob.id }, { ownerId: bob.id }]);
    expect(
      (
        await t.db
          .select({ sold: products.sold, reserved: products.reserved })
          .from(products)
          .where(eq(products.id, product))
      )[0],
    ).toEqual({ sold: 2, reserved: 0 });
  });

  it('delivers the sandbox webhook to itself over real HTTP when the server listens', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = live.app.server.address() as { port: number };
      const [buyer] = await createBuyers(live.db, 1, live.clock.now());
      const drop = await createDrop(live.db, { editionSize: 5, perUserLimit: 1 });
      const order = (
        await live.call<PayOrder>('POST', 'payOrder/create', {
          token: buyer!.token,
          body: { type: 'card', cardInfoId: drop, quantity: 1 },
          headers: { 'Idempotency-Key': freshKey() },
        })
      ).data;
      const res = await fetch(`http://127.0.0.1:${port}/pay/sandbox/${order.orderNo}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/mall/info?orderNo=${order.orderNo}`);
      // Settled by the webhook alone (no payCheck yet).
      const row = (
        await live.db.select({ status: payOrders.status }).from(payOrders).where(eq(payOrders.orderNo, order.orderNo))
      )[0]!;
      expect(row.status).toBe('paid');
    } finally {
      await live.close();
    }
  });

  it('offers the configured payment method and the wallet balance', async () => {
    const res = await t.call('GET', 'payOrder/methods', { token: alice.token });
    expect(res.data).toEqual([
      { provider: 'sandbox', label: '模擬付款' },
      { provider: 'balance', label: '錢包餘額' },
    ]);
  });
});

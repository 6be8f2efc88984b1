import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cardInfos, cards, ledgerAccounts, ledgerPostings, payOrders, perkUses, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { HeldRight } from '../../../shared/schemas/collection';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { createBuyers, createDrop, createProduct } from '../pay-orders/pay-orders.fixtures';
import { givePerkCard, monthlyDiscount, perkRight } from './perks.fixtures';

const MIN = 60_000;
let keySeq = 0;
type Buyer = { id: string; token: string };

/** Perks at checkout through the API (issue 21 part 1, decision 029), on PGlite; the test app reconciles its books. */
describe('perks at payOrder/create', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let figure: string;

  const buy = (who: Buyer, productId: string, quantity = 1) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token: who.token,
      body: { type: 'product', productId, quantity },
      headers: { 'Idempotency-Key': `perk-key-${keySeq++}` },
    });
  const buyers = (n: number) => createBuyers(t.db, n, t.clock.now());
  /** Pays an order through the sandbox's signed webhook. */
  async function pay(orderNo: string) {
    const row = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)))[0]!;
    const { body, headers } = await sandbox.pay({
      checkoutId: row.providerRef!,
      orderNo,
      amountCents: row.amountCents,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
    expect(res.json().data.outcome).toBe('settled');
  }
  const usesOf = (orderNo: string) => t.db.select().from(perkUses).where(eq(perkUses.orderNo, orderNo));

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.app.deps.payments as SandboxProvider;
    figure = await createProduct(t.db, { stock: 500, perUserLimit: 50, priceCents: 39_900, type: 1 });
  });
  afterAll(() => t.close());

  it('applies 8 折 to a holder: 原價 HK$399.00, saves HK$79.80, books the discount, and only once a month', async () => {
    const [alice] = (await buyers(1)) as [Buyer];
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [alice.id] });
    const preview = () =>
      t.call('GET', 'perk/preview', { token: alice.token, query: { type: 'product', id: figure, quantity: '1' } });
    const rights = async () => (await t.call<HeldRight[]>('GET', 'card/rights', { token: alice.token })).data;
    expect(await rights()).toMatchObject([{ title: '商城 8 折（每月一次）', used: null }]);
    expect((await preview()).data).toEqual({
      listAmount: 39_900,
      amount: 31_920,
      perk: { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 7_980 },
      used: null,
    });
    const first = await buy(alice, figure);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      listAmount: 39_900,
      discount: 7_980,
      amount: 31_920,
      perk: { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', saving: 7_980 },
    });
    expect(await usesOf(first.data.orderNo)).toHaveLength(1);
    await pay(first.data.orderNo);
    const info = await t.call<PayOrder>('GET', 'payOrder/info', {
      token: alice.token,
      query: { orderNo: first.data.orderNo },
    });
    expect(info.data).toMatchObject({ status: 'paid', discount: 7_980, perk: { saving: 7_980 } });
    const posting = await t.db
      .select()
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.kind, 'perk_discount'), eq(ledgerPostings.refId, first.data.orderNo)));
    expect(posting).toHaveLength(1);
    const [promotions] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, 'platform:promotions'));
    expect(promotions!.balance).toBeLessThanOrEqual(-7_980);

    // Used this month: the preview and the next order are full price, and the preview names it as used (issue 44).
    expect((await preview()).data).toEqual({
      listAmount: 39_900,
      amount: 39_900,
      perk: null,
      used: { title: '商城 8 折（每月一次）', cardName: '祥瑞麒麟', period: 'month' },
    });
    const second = await buy(alice, figure);
    expect(second.data).toMatchObject({ discount: 0, amount: 39_900, perk: null });
    // /my/rights still lists it, as used this month.
    expect(await rights()).toMatchObject([{ title: '商城 8 折（每月一次）', used: 'month' }]);
  });

  it('counts the month in Hong Kong time: 23:59 on the 30th is November, 00:00 is December', async () => {
    const [bob] = (await buyers(1)) as [Buyer];
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [bob.id] });
    const saved = t.clock.now();
    try {
      t.clock.set(new Date('2026-11-30T15:58:00Z')); // 23:58 in Hong Kong, 30 November
      expect((await buy(bob, figure)).data.discount).toBe(7_980);
      t.clock.set(new Date('2026-11-30T15:59:30Z')); // 23:59:30 on the 30th in Hong Kong: still November
      expect((await buy(bob, figure)).data.discount).toBe(0);
      t.clock.set(new Date('2026-11-30T16:00:00Z')); // 00:00 on 1 December in Hong Kong, still the 30th in UTC
      expect((await buy(bob, figure)).data.discount).toBe(7_980);
    } finally {
      t.clock.set(saved);
    }
  });

  it('gives the use back when the order is cancelled or expires', async () => {
    const [carol] = (await buyers(1)) as [Buyer];
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [carol.id] });
    const first = (await buy(carol, figure)).data;
    expect(first.discount).toBe(7_980);
    const cancelled = await t.call<PayOrder>('POST', 'payOrder/cancel', {
      token: carol.token,
      body: { orderNo: first.orderNo },
    });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await usesOf(first.orderNo)).toHaveLength(0);

    const second = (await buy(carol, figure)).data;
    expect(second.discount).toBe(7_980);
    t.clock.advance(16 * MIN);
    const expired = await t.call<PayOrder>('GET', 'payOrder/info', {
      token: carol.token,
      query: { orderNo: second.orderNo },
    });
    expect(expired.data.status).toBe('expired');
    expect(await usesOf(second.orderNo)).toHaveLength(0);
    expect((await buy(carol, figure)).data.discount).toBe(7_980);
  });

  it('chooses the best perk the buyer holds, and none for goods it does not cover', async () => {
    const [dan] = (await buyers(1)) as [Buyer];
    await givePerkCard(t.db, { rights: [monthlyDiscount(10)], owners: [dan.id], name: '維港幻彩' });
    await givePerkCard(t.db, { rights: [monthlyDiscount(20)], owners: [dan.id], name: '祥瑞麒麟' });
    const voucher = await createProduct(t.db, { stock: 50, perUserLimit: 5, priceCents: 5_000, type: 0 });
    const other = (await buy(dan, voucher)).data;
    expect(other).toMatchObject({ discount: 0, perk: null });
    const best = (await buy(dan, figure)).data;
    expect(best.perk).toMatchObject({ cardName: '祥瑞麒麟', saving: 7_980 });
    // The 8 折 is used; the 9 折 of the other card is still there this month.
    const next = (await buy(dan, figure)).data;
    expect(next.perk).toMatchObject({ cardName: '維港幻彩', saving: 3_990 });
    expect((await buy(dan, figure)).data.discount).toBe(0);
  });

  it('honours the minimum spend, and a free item takes one unit off', async () => {
    const [erin] = (await buyers(1)) as [Buyer];
    const gift = await createProduct(t.db, { stock: 50, perUserLimit: 5, priceCents: 4_900, type: 1 });
    await givePerkCard(t.db, {
      owners: [erin.id],
      rights: [
        monthlyDiscount(30, 'holder', 50_000),
        perkRight(
          {
            kind: 'free_item',
            productId: gift,
            limit: { period: 'lifetime', per: 'holder', uses: 1, minSpendCents: null },
          },
          'gift',
        ),
      ],
    });
    expect((await buy(erin, figure)).data.discount).toBe(0); // HK$399 < HK$500
    expect((await buy(erin, figure, 2)).data).toMatchObject({ listAmount: 79_800, discount: 23_940 });
    const free = (await buy(erin, gift, 2)).data;
    expect(free).toMatchObject({ listAmount: 9_800, discount: 4_900, amount: 4_900 });
    expect((await buy(erin, gift, 1)).data.discount).toBe(0); // lifetime: once
  });

  it('moves with the card: selling it ends the perk for the seller and starts it for the buyer', async () => {
    const [seller, newHolder] = (await buyers(2)) as [Buyer, Buyer];
    const perHolder = await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [seller.id] });
    const perCard = await givePerkCard(t.db, {
      rights: [monthlyDiscount(10, 'card')],
      owners: [seller.id],
      name: '維港幻彩',
    });
    // The seller uses both this month: the per-holder 8 折, then the per-card 9 折.
    expect((await buy(seller, figure)).data.perk).toMatchObject({ cardName: '祥瑞麒麟' });
    expect((await buy(seller, figure)).data.perk).toMatchObject({ cardName: '維港幻彩' });
    // Both cards change owner (as a market sale does: the owner column is what holding means).
    for (const id of [...perHolder.cardIds, ...perCard.cardIds])
      await t.db.update(cards).set({ ownerId: newHolder.id }).where(eq(cards.id, id));
    // The seller holds nothing now; the buyer gets the per-holder 8 折 (their own count), not the per-card 9 折
    // the card already used this month.
    const theirs = (await buy(newHolder, figure)).data;
    expect(theirs.perk).toMatchObject({ cardName: '祥瑞麒麟', saving: 7_980 });
    expect((await buy(newHolder, figure)).data.discount).toBe(0);
    // The seller's own per-holder count is untouched, but they hold no card any more.
    expect((await buy(seller, figure)).data).toMatchObject({ discount: 0, perk: null });
  });

  it('opens an upcoming sale early to holders of a priority right; others are told 持卡人優先購買中', async () => {
    const [holder, fan, other] = (await buyers(3)) as [Buyer, Buyer, Buyer];
    const HOUR = 60 * MIN;
    const now = t.clock.now().getTime();
    const soon = await createProduct(t.db, { stock: 10, perUserLimit: 2, priceCents: 12_900, type: 1 });
    const later = await createProduct(t.db, { stock: 10, perUserLimit: 2, priceCents: 12_900, type: 1 });
    await t.db
      .update(products)
      .set({ saleStartsAt: new Date(now + 10 * HOUR) })
      .where(eq(products.id, soon));
    await t.db
      .update(products)
      .set({ saleStartsAt: new Date(now + 30 * HOUR) })
      .where(eq(products.id, later));
    const drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 2, saleStartsAt: new Date(now + 5 * HOUR) });
    const [{ themeId }] = (await t.db
      .select({ themeId: cardInfos.themeId })
      .from(cardInfos)
      .where(eq(cardInfos.id, drop))) as [{ themeId: string }];
    await givePerkCard(t.db, {
      owners: [holder.id],
      rights: [perkRight({ kind: 'priority', windowHours: 24, themeId: null })],
    });
    await givePerkCard(t.db, { owners: [fan.id], rights: [perkRight({ kind: 'priority', windowHours: 12, themeId })] });

    // The mall shows when holders may start (the longest window any right opens the item by).
    const detail = await t.call<{ priorityStartsAt: string | null }>('GET', 'product/detail', { query: { id: soon } });
    expect(detail.data.priorityStartsAt).toBe(new Date(now + 10 * HOUR - 24 * HOUR).toISOString());
    expect((await buy(holder, soon)).status).toBe(200);
    const refused = await buy(other, soon);
    expect(refused.status).toBe(409);
    expect(refused.msg).toMatch(/^持卡人優先購買中：此商品現只限持有指定卡牌的會員購買，公開發售時間為 /);
    // Outside every window: not on sale yet, for holders too.
    const early = await buy(holder, later);
    expect(early.status).toBe(409);
    expect(early.msg).toMatch(/^此商品尚未開售/);
    // A theme's priority opens that theme's cards only.
    const card = (theme: Buyer) =>
      t.call<PayOrder>('POST', 'payOrder/create', {
        token: theme.token,
        body: { type: 'card', cardInfoId: drop, quantity: 1 },
        headers: { 'Idempotency-Key': `perk-key-${keySeq++}` },
      });
    expect((await card(fan)).status).toBe(200);
    expect((await buy(fan, soon)).msg).toMatch(/^持卡人優先購買中/);
    expect((await card(other)).msg).toMatch(/^持卡人優先購買中：此卡牌/);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptOfferResult, OfferDetail } from '../../../shared/schemas/offers';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { cards, ledgerPostings, offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { offerOnNewCard } from './offers.fixtures';

type User = { userId: string; token: string };

describe('a counter-offer accepted with a top-up paid by a pay order (decision 040, amended)', () => {
  let t: TestApp;
  const post = <T>(path: string, u: User, body: unknown) => t.call<T>('POST', path, { token: u.token, body });
  const balances = (u: User) => t.app.services.wallet.balancesOf(t.db, u.userId);
  const row = async (id: string) => (await t.db.select().from(offers).where(eq(offers.id, id)))[0]!;
  const pay = async (orderNo: string) =>
    (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode;
  const funding = (orderNo: string) =>
    t.db
      .select()
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.kind, 'offer_funding'), eq(ledgerPostings.refId, orderNo)));
  const books = async () => expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

  /** A HK$200 offer held from the buyer's HK$250 balance; the owner counters at HK$300 (HK$100 more, HK$50 short). */
  async function countered() {
    const { seller, buyer, card, made } = await offerOnNewCard(t, 25_000, 20_000);
    expect(made.data.status).toBe('open');
    expect((await post<OfferDetail>('offer/counter', seller, { id: made.data.id, price: 30_000 })).status).toBe(200);
    return { seller, buyer, card, id: made.data.id };
  }
  const accept = (u: User, id: string) => post<AcceptOfferResult>('offer/accept', u, { id, price: 30_000 });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('short of the difference, the buyer gets a top-up order; paid, the accept settles in its transaction', async () => {
    const { seller, buyer, card, id } = await countered();
    const res = await accept(buyer, id);
    expect(res).toMatchObject({ status: 200, msg: '錢包餘額不足，請付款補足差額以成交' });
    expect(res.data).toMatchObject({ status: 'open', price: 30_000 });
    const orderNo = res.data.orderNo!;
    const order = await t.call<PayOrder>('GET', 'payOrder/info', { token: buyer.token, query: { orderNo } });
    expect(order.data).toMatchObject({ type: 'offer_topup', status: 'pending', amount: 10_000, itemId: id });
    // A tap again answers the same order; nothing moved yet.
    expect((await accept(buyer, id)).data.orderNo).toBe(orderNo);
    expect(await balances(buyer)).toEqual({ balance: 5_000, escrow: 20_000 });

    expect(await pay(orderNo)).toBe(303);
    expect(await row(id)).toMatchObject({ status: 'accepted', held: 0 });
    const [owned] = await t.db.select().from(cards).where(eq(cards.id, card));
    expect(owned).toMatchObject({ ownerId: buyer.userId, status: 'held' });
    expect(await balances(buyer)).toEqual({ balance: 5_000, escrow: 0 });
    expect((await balances(seller)).balance).toBe(30_000 - 1_500);
    expect(await funding(orderNo)).toHaveLength(1);
    await books();
  });

  it('the offer cancelled before the top-up is paid: the difference goes to the balance, nothing else moves', async () => {
    const { seller, buyer, card, id } = await countered();
    const orderNo = (await accept(buyer, id)).data.orderNo!;
    expect((await post('offer/cancel', buyer, { id })).status).toBe(200);
    expect(await pay(orderNo)).toBe(303);
    expect(await row(id)).toMatchObject({ status: 'cancelled', held: 0 });
    const [kept] = await t.db.select().from(cards).where(eq(cards.id, card));
    expect(kept!.ownerId).toBe(seller.userId);
    // HK$50 left + HK$200 released on cancel + the HK$100 top-up.
    expect(await balances(buyer)).toEqual({ balance: 35_000, escrow: 0 });
    await books();
  });

  it('refuses a top-up order out of turn or for nothing; a cancelled top-up order leaves the offer open', async () => {
    const { seller, buyer, id } = await countered();
    const orderNo = (await accept(buyer, id)).data.orderNo!;
    expect((await post('payOrder/cancel', buyer, { orderNo })).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'open', held: 20_000, turn: 'buyer' });
    // A new tap opens a new order; the seller accepting is out of turn.
    expect((await accept(buyer, id)).data.orderNo).not.toBe(orderNo);
    expect(await accept(seller, id)).toMatchObject({ status: 409, msg: '現在輪到買家回覆，請等候' });
    await books();
  });

  it('a pending top-up for an older price is cancelled when the buyer accepts a new one, and a new order opens', async () => {
    const { seller, buyer, id } = await countered();
    const stale = (await accept(buyer, id)).data.orderNo!;
    // The buyer counters lower instead (HK$220: HK$20 more held), the owner counters at HK$300 again: HK$80 to pay.
    expect((await post<OfferDetail>('offer/counter', buyer, { id, price: 22_000 })).status).toBe(200);
    expect((await post<OfferDetail>('offer/counter', seller, { id, price: 30_000 })).status).toBe(200);
    const res = await accept(buyer, id);
    expect(res.status).toBe(200);
    expect(res.data.orderNo).not.toBe(stale);
    const info = (orderNo: string) =>
      t.call<PayOrder>('GET', 'payOrder/info', { token: buyer.token, query: { orderNo } });
    expect((await info(stale)).data.status).toBe('cancelled');
    expect((await info(res.data.orderNo!)).data).toMatchObject({ status: 'pending', amount: 8_000 });
    expect(await pay(res.data.orderNo!)).toBe(303);
    expect(await row(id)).toMatchObject({ status: 'accepted', held: 0 });
    await books();
  });
});

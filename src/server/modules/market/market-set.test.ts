import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketFee, type CreateListingResult } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { SetQuote } from '../../../shared/schemas/set-quote';
import type { ExchangeBCardResult } from '../../../shared/schemas/collection';
import { cards, ledgerPostings, listings, marketOrders, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

type User = { userId: string; token: string; phone: string };

describe('completing a set in one tap (decision 042)', () => {
  let t: TestApp;
  let seq = 0;
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const get = <T>(path: string, u: User, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u.token, query });
  const sell = async (u: User, cardInfoId: string, price: number) => {
    const card = await giveCard(t, u.userId, cardInfoId);
    const r = await post<CreateListingResult>('market/create', u, { sell_type: 0, kind: 'card', itemId: card, price });
    expect(r.status).toBe(200);
    return r.data.listing.id;
  };
  const quote = (u: User, themeId: string) => get<SetQuote>('theme/completionQuote', u, { themeId });
  const buySet = (u: User, themeId: string, quoteId: string) =>
    post<PayOrder | SetQuote>(
      'payOrder/create',
      u,
      { type: 'set', themeId, quoteId },
      { 'Idempotency-Key': freshKey() },
    );
  const statuses = async (ids: string[]) =>
    (await t.db.select({ status: listings.status }).from(listings).where(inArray(listings.id, ids))).map(
      (r) => r.status,
    );
  const books = async () => expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

  /** A theme of `n` cards with a B card; the buyer holds its first card. */
  const theme = async (buyer: User, n = 3) => {
    const id = `st${seq++}`;
    const ids = Array.from({ length: n }, (_, i) => `${id}_c${i + 1}`);
    await addTheme(
      t,
      id,
      ids.map((c) => ({ id: c })),
      { id: `${id}_b` },
    );
    await giveCard(t, buyer.userId, ids[0]!);
    return { id, cards: ids };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('quotes the cheapest listing of each missing card (not the buyer’s own), names the unlisted ones, and is the buyer’s only', async () => {
    const [buyer, s1, s2] = [await trader(t), await trader(t), await trader(t)];
    const th = await theme(buyer, 4);
    const cheap = await sell(s1, th.cards[1]!, 10_000);
    await sell(s2, th.cards[1]!, 12_000);
    await sell(buyer, th.cards[2]!, 1_000); // the buyer's own: never quoted (and it is listed, so not held)
    const c3 = await sell(s2, th.cards[2]!, 5_000);
    const q = await quote(buyer, th.id);
    expect(q.status).toBe(200);
    expect(q.data).toMatchObject({
      themeId: th.id,
      owned: [{ cardInfoId: th.cards[0] }],
      lines: [
        { cardInfoId: th.cards[1], listingId: cheap, price: 10_000 },
        { cardInfoId: th.cards[2], listingId: c3, price: 5_000 },
      ],
      unlisted: [{ cardInfoId: th.cards[3], marketPrice: null }],
      total: 15_000,
    });
    expect(q.data.quoteId).toMatch(/^squo_/);
    // Somebody else's quote is not found; a theme never started is refused; bad input is a 400.
    const other = await trader(t);
    expect(await buySet(other, th.id, q.data.quoteId!)).toMatchObject({ status: 404, msg: '找不到此報價，請重新報價' });
    expect(await quote(other, th.id)).toMatchObject({ status: 404, msg: '你尚未開始收集此卡冊' });
    expect(await quote(buyer, 'nope')).toMatchObject({ status: 404, msg: '找不到此卡冊' });
    expect((await get('theme/completionQuote', buyer)).status).toBe(400);
    expect(await statuses([cheap, c3])).toEqual(['active', 'active']);
  });

  it('buys every listing in one order, settles them at once with one posting per seller, and the B card can be had', async () => {
    const [buyer, s1, s2] = [await trader(t), await trader(t), await trader(t)];
    const th = await theme(buyer, 4);
    const ids = [
      await sell(s1, th.cards[1]!, 10_000),
      await sell(s1, th.cards[2]!, 20_000),
      await sell(s2, th.cards[3]!, 5_000),
    ];
    const q = (await quote(buyer, th.id)).data;
    const order = await buySet(buyer, th.id, q.quoteId!);
    expect(order.status).toBe(200);
    const o = order.data as PayOrder;
    expect(o).toMatchObject({ type: 'set', itemId: th.id, quantity: 1, amount: 35_000 });
    expect(await statuses(ids)).toEqual(['reserved', 'reserved', 'reserved']);

    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${o.orderNo}/confirm` })).statusCode).toBe(303);
    const paid = (await get<PayOrder>('payOrder/payCheck', buyer, { orderNo: o.orderNo })).data;
    expect(paid.status).toBe('paid');
    expect(paid.cards).toHaveLength(3);
    expect(await statuses(ids)).toEqual(['sold', 'sold', 'sold']);
    const owners = await t.db
      .select({ ownerId: cards.ownerId, status: cards.status })
      .from(cards)
      .where(inArray(cards.cardInfoId, th.cards.slice(1)));
    expect(owners.every((c) => c.ownerId === buyer.userId && c.status === 'held')).toBe(true);
    const orders = await t.db.select().from(marketOrders).where(eq(marketOrders.orderNo, o.orderNo));
    expect(orders.map((m) => m.status)).toEqual(['completed', 'completed', 'completed']);
    const postings = await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.kind, 'set_sale'));
    expect(postings.map((p) => p.refId).sort()).toEqual(
      [`${o.orderNo}:${s1.userId}`, `${o.orderNo}:${s2.userId}`].sort(),
    );
    const proceeds = (p: number) => marketFee(p).proceeds;
    const balance = async (u: User) => (await t.app.services.wallet.balancesOf(t.db, u.userId)).balance;
    expect(await balance(s1)).toBe(proceeds(10_000) + proceeds(20_000));
    expect(await balance(s2)).toBe(proceeds(5_000));
    await books();

    const b = await post<ExchangeBCardResult>('card/exchangeBCard', buyer, { themeId: th.id });
    expect(b.status).toBe(200);
    expect(b.data.consumed).toHaveLength(4);
  });

  it('refuses a quote whose listing is gone or dearer with the new quote, holding nothing', async () => {
    const [buyer, rival, s1] = [await trader(t), await trader(t), await trader(t)];
    const th = await theme(buyer, 3);
    const a = await sell(s1, th.cards[1]!, 10_000);
    const b = await sell(s1, th.cards[2]!, 8_000);
    const b2 = await sell(s1, th.cards[2]!, 9_000);
    const q = (await quote(buyer, th.id)).data;
    // A rival takes the cheapest copy of the last card.
    const taken = await post<PayOrder>(
      'payOrder/create',
      rival,
      { type: 'market', listingId: b },
      { 'Idempotency-Key': freshKey() },
    );
    expect(taken.status).toBe(200);
    const refused = await buySet(buyer, th.id, q.quoteId!);
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('部分卡牌已售出或價格已更改，已為你重新報價，請再確認');
    const fresh = refused.data as SetQuote;
    expect(fresh.quoteId).not.toBe(q.quoteId);
    expect(fresh.lines.map((l) => [l.listingId, l.price])).toEqual([
      [a, 10_000],
      [b2, 9_000],
    ]);
    expect(await statuses([a, b2])).toEqual(['active', 'active']);
    expect(await t.db.select().from(payOrders).where(eq(payOrders.buyerId, buyer.userId))).toEqual([]);

    // A price raised since the quote: refused too; a price lowered is fine (charged at the new price).
    const edit = await post('market/editPrice', s1, { id: b2, price: 9_500 });
    expect(edit.status).toBe(200);
    const again = await buySet(buyer, th.id, fresh.quoteId!);
    expect(again.status).toBe(409);
    const latest = again.data as SetQuote;
    expect((await post('market/editPrice', s1, { id: a, price: 9_000 })).status).toBe(200);
    const ok = await buySet(buyer, th.id, latest.quoteId!);
    expect(ok.status).toBe(200);
    expect((ok.data as PayOrder).amount).toBe(9_000 + 9_500);

    // Cancelling the order puts every listing back on the market.
    expect((await post('payOrder/cancel', buyer, { orderNo: (ok.data as PayOrder).orderNo })).status).toBe(200);
    expect(await statuses([a, b2])).toEqual(['active', 'active']);
    // The listed cards themselves are listed again (not left reserved).
    const held = await t.db
      .select({ status: cards.status })
      .from(listings)
      .innerJoin(cards, eq(cards.id, listings.itemId))
      .where(inArray(listings.id, [a, b2]));
    expect(held.map((c) => c.status)).toEqual(['listed', 'listed']);
    await books();
  });

  it('refuses an expired quote with a new one', async () => {
    const [buyer, s1] = [await trader(t), await trader(t)];
    const th = await theme(buyer, 2);
    await sell(s1, th.cards[1]!, 10_000);
    const q = (await quote(buyer, th.id)).data;
    t.clock.advance(2 * 60_000 + 1);
    const refused = await buySet(buyer, th.id, q.quoteId!);
    expect(refused).toMatchObject({ status: 409, msg: '報價已過期，已為你重新報價，請再確認' });
    expect((refused.data as SetQuote).quoteId).toMatch(/^squo_/);
    // A theme mismatch is not that quote.
    expect((await buySet(buyer, 'other', q.quoteId!)).status).toBe(404);
    // Nothing to buy: no quote id.
    const plain = await signIn(t);
    const th2 = await theme(plain, 2);
    expect((await quote(plain, th2.id)).data).toMatchObject({ quoteId: null, lines: [], total: 0 });
  });
});

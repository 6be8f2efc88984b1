import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketOrder } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { DEFAULT_SET_BID_CENTS, type CreateSetBidsResult } from '../../../shared/schemas/set-bids';
import type { SetQuote } from '../../../shared/schemas/set-quote';
import { cardInfos, ledgerPostings, listings, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

type User = { userId: string; token: string; phone: string };

describe('one-step bids for a set’s unlisted cards (decision 042, amended)', () => {
  let t: TestApp;
  let seq = 0;
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const createBids = (u: User, body: unknown, key = freshKey()) =>
    post<CreateSetBidsResult>('market/createBids', u, body, { 'Idempotency-Key': key });
  const bidsOf = (u: User) =>
    t.db
      .select()
      .from(listings)
      .where(and(eq(listings.userId, u.userId), eq(listings.sellType, 'buy')));
  const ordersOf = (u: User) => t.db.select().from(payOrders).where(eq(payOrders.buyerId, u.userId));
  const escrow = async (u: User) => (await t.app.services.wallet.balancesOf(t.db, u.userId)).escrow;
  const books = async () => expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

  /** A theme of `n` cards; the buyer holds its first. */
  const theme = async (buyer: User, n = 4) => {
    const id = `sb${seq++}`;
    const ids = Array.from({ length: n }, (_, i) => `${id}_c${i + 1}`);
    await addTheme(
      t,
      id,
      ids.map((c) => ({ id: c })),
    );
    await giveCard(t, buyer.userId, ids[0]!);
    return { id, cards: ids };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('quotes a starting price per unlisted card, places every bid in one order, and funds them all once paid', async () => {
    const [buyer, seller] = [await trader(t), await trader(t)];
    const th = await theme(buyer, 4);
    // A mall price, its sale over: nobody sells the card (on sale, the mall would be its source, issue 44).
    await t.db
      .update(cardInfos)
      .set({ priceCents: 4_800, saleEndsAt: new Date(0) })
      .where(eq(cardInfos.id, th.cards[3]!));
    const q = await t.call<SetQuote>('GET', 'theme/completionQuote', { token: buyer.token, query: { themeId: th.id } });
    // No market price: the mall price, else HK$10.
    expect(q.data.unlisted.map((c) => [c.cardInfoId, c.suggestedBid])).toEqual([
      [th.cards[1], DEFAULT_SET_BID_CENTS],
      [th.cards[2], DEFAULT_SET_BID_CENTS],
      [th.cards[3], 4_800],
    ]);

    const body = {
      themeId: th.id,
      cards: [
        { cardInfoId: th.cards[1], price: 1_200 },
        { cardInfoId: th.cards[3], price: 5_000 },
      ],
    };
    const key = freshKey();
    const res = await createBids(buyer, body, key);
    expect(res).toMatchObject({ status: 200, msg: '求購已建立，請完成付款' });
    expect(res.data.amountCents).toBe(6_200);
    expect(res.data.listings.map((l) => [l.cardInfoId, l.price, l.status, l.sell_type])).toEqual(
      expect.arrayContaining([
        [th.cards[1], 1_200, 'pending_payment', 1],
        [th.cards[3], 5_000, 'pending_payment', 1],
      ]),
    );
    // The same key answers the same order and listings.
    const again = await createBids(buyer, body, key);
    expect(again.data.orderNo).toBe(res.data.orderNo);
    // …and another list of prices under it is another request: refused, nothing placed.
    const other = { ...body, cards: [{ ...body.cards[0]!, price: 1_300 }, body.cards[1]!] };
    expect(await createBids(buyer, other, key)).toMatchObject({
      status: 409,
      msg: '此 Idempotency-Key 已用於另一張訂單，請重新提交',
    });
    expect(await bidsOf(buyer)).toHaveLength(2);
    const [order] = await ordersOf(buyer);
    expect(order).toMatchObject({ type: 'bids', listingId: th.id, amountCents: 6_200, quantity: 1 });
    expect(await escrow(buyer)).toBe(0);

    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${res.data.orderNo}/confirm` })).statusCode).toBe(
      303,
    );
    const paid = await t.call<PayOrder>('GET', 'payOrder/payCheck', {
      token: buyer.token,
      query: { orderNo: res.data.orderNo },
    });
    expect(paid.data.status).toBe('paid');
    expect((await bidsOf(buyer)).map((l) => l.status)).toEqual(['active', 'active']);
    expect(await escrow(buyer)).toBe(6_200);
    const funding = await t.db.select().from(ledgerPostings).where(eq(ledgerPostings.refId, res.data.orderNo));
    expect(funding.map((p) => p.kind).sort()).toEqual(['bid_funding', 'payment_received']);
    await books();

    // Each is an ordinary bid: a holder fills one from its escrow.
    const card = await giveCard(t, seller.userId, th.cards[3]!);
    const bid = res.data.listings.find((l) => l.cardInfoId === th.cards[3])!;
    const fill = await post<MarketOrder>('market/confirmOrder', seller, { listingId: bid.id, itemId: card });
    expect(fill.status).toBe(200);
    expect(await escrow(buyer)).toBe(1_200);
    await books();
  });

  it('refuses bad input, a card of another theme and an unverified bidder, holding nothing', async () => {
    const buyer = await trader(t);
    const th = await theme(buyer, 3);
    const other = await theme(buyer, 2);
    const good = { cardInfoId: th.cards[1], price: 1_000 };
    expect(await createBids(buyer, { themeId: th.id, cards: [good, { ...good, price: 2_000 }] })).toMatchObject({
      status: 400,
      msg: '每張卡牌只可求購一次',
    });
    expect((await createBids(buyer, { themeId: th.id, cards: [{ ...good, price: 50 }] })).status).toBe(400);
    expect(await createBids(buyer, { themeId: th.id, cards: [] })).toMatchObject({
      status: 400,
      msg: '請選擇最少一張要求購的卡牌',
    });
    expect(
      await createBids(buyer, { themeId: th.id, cards: [good, { cardInfoId: other.cards[1], price: 1_000 }] }),
    ).toMatchObject({ status: 404, msg: '找不到此卡牌，或它不屬於此卡冊' });
    expect(await createBids(buyer, { themeId: 'nope', cards: [good] })).toMatchObject({
      status: 404,
      msg: '找不到此卡冊',
    });
    // No Idempotency-Key: a 400 with its zh-HK message.
    expect((await post('market/createBids', buyer, { themeId: th.id, cards: [good] })).status).toBe(400);
    const plain = await signIn(t);
    expect(await createBids(plain, { themeId: th.id, cards: [good] })).toMatchObject({
      status: 409,
      msg: '請先完成實名認證，才可以在市場交易',
    });
    for (const u of [buyer, plain]) {
      expect(await bidsOf(u)).toEqual([]);
      expect(await ordersOf(u)).toEqual([]);
      expect(await escrow(u)).toBe(0);
    }
    await books();
  });

  it('closes every bid of an order cancelled unpaid, and funds nothing', async () => {
    const buyer = await trader(t);
    const th = await theme(buyer, 3);
    const res = await createBids(buyer, {
      themeId: th.id,
      cards: th.cards.slice(1).map((cardInfoId) => ({ cardInfoId, price: 2_000 })),
    });
    expect(res.status).toBe(200);
    // Cancelling one of them (market/cancel) cancels their one order, so all of them.
    expect((await post('market/cancel', buyer, { id: res.data.listings[0]!.id })).status).toBe(200);
    expect((await bidsOf(buyer)).map((l) => l.status)).toEqual(['cancelled', 'cancelled']);
    expect((await ordersOf(buyer)).map((o) => o.status)).toEqual(['cancelled']);
    expect(await escrow(buyer)).toBe(0);
    await books();
  });
});

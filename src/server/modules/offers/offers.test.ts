import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { CreateOfferResult, Offer, OfferDetail } from '../../../shared/schemas/offers';
import type { Wallet } from '../../../shared/schemas/wallet';
import { cardEvents, cards, listings, notifications, offers, sales } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { giveCard, trader } from '../market/market.fixtures';
import { credit, newCardInfo } from './offers.fixtures';

const HOUR = 3_600_000;
type User = { userId: string; token: string; phone: string };

describe('offers API', () => {
  let t: TestApp;

  const post = <T>(path: string, u: User, body: unknown) => t.call<T>('POST', path, { token: u.token, body });
  const get = <T>(path: string, u: User, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u.token, query });
  const wallet = async (u: User) => (await get<Wallet>('payment/info', u)).data;
  const offer = (u: User, itemId: string, price: number, extra: Record<string, unknown> = {}) =>
    post<CreateOfferResult>('offer/create', u, { kind: 'card', itemId, price, expiresInHours: 48, ...extra });
  const owner = async (id: string) => (await t.db.select().from(cards).where(eq(cards.id, id)))[0]!;
  const kindsOf = async (u: User) =>
    (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, u.userId))).map(
      (n) => n.kind,
    );

  /** Every posting nets to zero, cached balances match, and each user's escrow is what their open offers hold. */
  const books = async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
    const held = await t.db
      .select({ buyerId: offers.buyerId, held: sql<string>`sum(${offers.held})` })
      .from(offers)
      .where(eq(offers.status, 'open'))
      .groupBy(offers.buyerId);
    const byUser = new Map(held.map((h) => [h.buyerId, Number(h.held)]));
    for (const a of audit.accounts.filter((x) => x.type === 'escrow'))
      expect(a.summed).toBe(byUser.get(a.userId!) ?? 0);
  };

  /** A seller (verified, payout account) with a fresh card, and a verified buyer with HK$1,000. */
  async function pair() {
    const seller = await trader(t);
    const buyer = await trader(t);
    await credit(t, buyer.userId, 100_000);
    const card = await giveCard(t, seller.userId, await newCardInfo(t));
    return { seller, buyer, card };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await books();
    await t.close();
  });

  it('holds the price from the wallet, tells the owner, and shows the offer to both sides only', async () => {
    const { seller, buyer, card } = await pair();
    const res = await offer(buyer, card, 30_000);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ status: 'open', price: 30_000, turn: 'seller', myTurn: false, rounds: 1 });
    expect(res.data.thread).toEqual([expect.objectContaining({ n: 1, by: 'buyer', price: 30_000 })]);
    expect(await wallet(buyer)).toMatchObject({ balance: 70_000, escrow: 30_000 });
    expect(await kindsOf(seller)).toContain('offerReceived');

    const made = await get<Offer[]>('offer/list', buyer, { role: 'made' });
    expect(made.data.map((o) => o.id)).toEqual([res.data.id]);
    const received = await get<Offer[]>('offer/list', seller, { role: 'received' });
    expect(received.data[0]).toMatchObject({ id: res.data.id, role: 'seller', myTurn: true });
    expect((await get<Offer[]>('offer/list', seller, { role: 'made' })).data).toEqual([]);

    const stranger = await signIn(t);
    expect((await get('offer/detail', stranger, { id: res.data.id })).status).toBe(404);
    expect((await post('offer/decline', stranger, { id: res.data.id })).status).toBe(404);
    await books();
  });

  it('refuses an offer on your own item, an unverified buyer, a short wallet and bad input, moving no money', async () => {
    const { seller, buyer, card } = await pair();
    const own = await offer(seller, card, 1_000);
    expect(own).toMatchObject({ status: 409, msg: '不能向自己的物品出價' });

    const unverified = await signIn(t);
    await credit(t, unverified.userId, 10_000);
    expect((await offer(unverified, card, 1_000)).status).toBe(409);

    // A short balance: the offer waits for its pay order (offers-funding.test.ts); nothing is held. Dropped here.
    const short = await offer(buyer, card, 200_000);
    expect(short.data).toMatchObject({ status: 'pending_payment', orderNo: expect.stringMatching(/^TR/) });
    expect(await wallet(buyer)).toMatchObject({ balance: 100_000, escrow: 0 });
    expect((await post('payOrder/cancel', buyer, { orderNo: short.data.orderNo })).status).toBe(200);

    const tooShort = await offer(buyer, card, 1_000, { expiresInHours: 12 });
    expect(tooShort).toMatchObject({ status: 400, msg: '出價有效期最短為 24 小時' });
    expect((await offer(buyer, card, 1_000, { expiresInHours: 169 })).msg).toBe('出價有效期最長為 7 日');
    expect((await offer(buyer, card, 50)).status).toBe(400);
    expect((await offer(buyer, 'crd_missing', 1_000)).status).toBe(404);
    // Only the short one was made, and it is cancelled with its pay order.
    const made = await t.db.select().from(offers).where(eq(offers.itemId, card));
    expect(made.map((o) => [o.status, o.held])).toEqual([['cancelled', 0]]);
  });

  it('refuses a listed item except on its listing, and an item whose owner switched offers off', async () => {
    const { seller, buyer, card } = await pair();
    const listed = await post<CreateListingResult>('market/create', seller, {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price: 50_000,
    });
    expect((await offer(buyer, card, 40_000)).status).toBe(409);
    const onListing = await offer(buyer, card, 40_000, { listingId: listed.data.listing.id });
    expect(onListing.status).toBe(200);
    expect(onListing.data.listingId).toBe(listed.data.listing.id);

    const other = await giveCard(t, seller.userId, await newCardInfo(t));
    const off = await post('offer/settings', seller, {
      kind: 'card',
      itemId: other,
      allowOffers: false,
      autoDeclinePct: null,
    });
    expect(off.status).toBe(200);
    expect(await offer(buyer, other, 10_000)).toMatchObject({ status: 409, msg: '物主不接受此物品的出價' });
    // Someone else's item's settings are not found.
    expect((await get('offer/settings', buyer, { kind: 'card', itemId: other })).status).toBe(404);
    // A new owner starts from the default: offers on.
    await t.db.update(cards).set({ ownerId: buyer.userId }).where(eq(cards.id, other));
    expect((await get('offer/settings', buyer, { kind: 'card', itemId: other })).data).toMatchObject({
      allowOffers: true,
      autoDeclinePct: null,
    });
    await books();
  });

  it('settles a counter the buyer accepts in one step: top-up, item, money less the fee, provenance, notices', async () => {
    const { seller, buyer, card } = await pair();
    const made = (await offer(buyer, card, 30_000)).data;
    // The buyer cannot answer their own price.
    expect(await post('offer/counter', buyer, { id: made.id, price: 31_000 })).toMatchObject({
      status: 409,
      msg: '現在輪到物主回覆，請等候',
    });
    expect((await post('offer/accept', buyer, { id: made.id })).status).toBe(409);

    const countered = await post<OfferDetail>('offer/counter', seller, { id: made.id, price: 40_000 });
    expect(countered.data).toMatchObject({ price: 40_000, turn: 'buyer', rounds: 2, myTurn: false });
    expect(await post('offer/counter', seller, { id: made.id, price: 45_000 })).toMatchObject({ status: 409 });
    expect(await kindsOf(buyer)).toContain('offerCountered');
    // A stale price is refused, not settled.
    expect((await post('offer/accept', buyer, { id: made.id, price: 30_000 })).status).toBe(409);

    const accepted = await post<OfferDetail>('offer/accept', buyer, { id: made.id, price: 40_000 });
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({ status: 'accepted', price: 40_000 });
    expect(accepted.data.thread.map((r) => [r.by, r.price])).toEqual([
      ['buyer', 30_000],
      ['seller', 40_000],
    ]);
    expect(await owner(card)).toMatchObject({ ownerId: buyer.userId, status: 'held', acquiredVia: 'market' });
    expect(await wallet(buyer)).toMatchObject({ balance: 60_000, escrow: 0 });
    expect((await wallet(seller)).balance).toBe(40_000 - 2_000);
    const events = await t.db
      .select()
      .from(cardEvents)
      .where(and(eq(cardEvents.cardId, card), eq(cardEvents.refId, made.id)));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'transferred', priceCents: 40_000, toUserId: buyer.userId }),
    ]);
    expect(await kindsOf(buyer)).toContain('offerAccepted');
    expect(await kindsOf(seller)).toContain('offerAccepted');
    // Done is done.
    expect((await post('offer/accept', seller, { id: made.id })).status).toBe(409);
    await books();
  });

  it('lowers the hold when the buyer counters lower, and stops at 5 rounds', async () => {
    const { seller, buyer, card } = await pair();
    const id = (await offer(buyer, card, 30_000)).data.id;
    await post('offer/counter', seller, { id, price: 50_000 });
    expect((await post('offer/counter', buyer, { id, price: 20_000 })).status).toBe(200);
    expect(await wallet(buyer)).toMatchObject({ balance: 80_000, escrow: 20_000 });
    await post('offer/counter', seller, { id, price: 45_000 });
    expect((await post<OfferDetail>('offer/counter', buyer, { id, price: 35_000 })).data.rounds).toBe(5);
    expect(await wallet(buyer)).toMatchObject({ balance: 65_000, escrow: 35_000 });
    expect(await post('offer/counter', seller, { id, price: 40_000 })).toMatchObject({
      status: 409,
      msg: '還價最多 5 輪，請接受或拒絕此價格',
    });
    expect((await post('offer/accept', seller, { id })).status).toBe(200);
    expect((await wallet(seller)).balance).toBe(35_000 - 1_750);
    expect(await wallet(buyer)).toMatchObject({ balance: 65_000, escrow: 0 });
    await books();
  });

  it('gives the money back on decline, cancel and expiry', async () => {
    const { seller, buyer, card } = await pair();
    const a = (await offer(buyer, card, 10_000)).data.id;
    expect((await post('offer/cancel', seller, { id: a })).status).toBe(409);
    expect((await post<OfferDetail>('offer/decline', seller, { id: a })).data.status).toBe('declined');
    expect(await kindsOf(buyer)).toContain('offerDeclined');
    const b = (await offer(buyer, card, 12_000)).data.id;
    expect((await post<OfferDetail>('offer/cancel', buyer, { id: b })).data.status).toBe('cancelled');
    expect(await wallet(buyer)).toMatchObject({ balance: 100_000, escrow: 0 });

    const c = (await offer(buyer, card, 15_000, { expiresInHours: 24 })).data.id;
    t.clock.advance(24 * HOUR);
    expect(await post('offer/accept', seller, { id: c })).toMatchObject({ status: 409, msg: '此出價已過期' });
    expect(await t.app.services.offers.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await get<OfferDetail>('offer/detail', buyer, { id: c })).data.status).toBe('expired');
    expect(await wallet(buyer)).toMatchObject({ balance: 100_000, escrow: 0 });
    expect(await kindsOf(buyer)).toContain('offerExpired');
    await books();
  });

  it('accepting closes the listing and every other offer on the item, and returns their money', async () => {
    const { seller, buyer, card } = await pair();
    const listing = (
      await post<CreateListingResult>('market/create', seller, {
        sell_type: 0,
        kind: 'card',
        itemId: card,
        price: 90_000,
      })
    ).data.listing.id;
    const rival = await trader(t);
    await credit(t, rival.userId, 50_000);
    const mine = (await offer(buyer, card, 60_000, { listingId: listing })).data.id;
    const theirs = (await offer(rival, card, 45_000, { listingId: listing })).data.id;
    expect((await post('offer/accept', seller, { id: mine })).status).toBe(200);
    // The listing sold to the offer's buyer (decision 049): the desk says 已成交, not 已取消, and one sale records it.
    expect((await t.db.select().from(listings).where(eq(listings.id, listing)))[0]).toMatchObject({
      status: 'sold',
      counterpartyId: buyer.userId,
    });
    expect(await t.db.select().from(sales).where(eq(sales.sourceId, mine))).toMatchObject([
      { way: 'offer', buyerId: buyer.userId, sellerId: seller.userId, price: 60_000, fee: 3_000, listingId: listing },
    ]);
    expect(await owner(card)).toMatchObject({ ownerId: buyer.userId, status: 'held' });
    expect((await get<OfferDetail>('offer/detail', rival, { id: theirs })).data).toMatchObject({
      status: 'cancelled',
      closeReason: 'sold',
    });
    expect(await wallet(rival)).toMatchObject({ balance: 50_000, escrow: 0 });
    expect(await kindsOf(rival)).toContain('offerDeclined');
    await books();
  });

  it('ends an offer whose item left by another path when it is accepted, and returns its money', async () => {
    const { seller, buyer, card } = await pair();
    const id = (await offer(buyer, card, 20_000)).data.id;
    // Exchanged in a set meanwhile (the cards service's own tests cover that path).
    await t.db.update(cards).set({ status: 'consumed' }).where(eq(cards.id, card));
    expect((await post('offer/accept', seller, { id })).status).toBe(409);
    expect((await get<OfferDetail>('offer/detail', buyer, { id })).data).toMatchObject({
      status: 'declined',
      closeReason: 'unavailable',
    });
    expect(await wallet(buyer)).toMatchObject({ balance: 100_000, escrow: 0 });
    await books();
  });

  it('refuses a second open offer on one item and more than 20 open offers', async () => {
    const { seller, buyer, card } = await pair();
    expect((await offer(buyer, card, 1_000)).status).toBe(200);
    expect((await offer(buyer, card, 1_100)).status).toBe(409);
    for (let i = 0; i < 19; i++) {
      const c = await giveCard(t, seller.userId, await newCardInfo(t));
      expect((await offer(buyer, c, 1_000)).status).toBe(200);
    }
    const c21 = await giveCard(t, seller.userId, await newCardInfo(t));
    expect(await offer(buyer, c21, 1_000)).toMatchObject({ status: 409, msg: '你最多可同時有 20 個進行中的出價' });
    await books();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { CreateOfferResult } from '../../../shared/schemas/offers';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { newId } from '../../adapters/ids';
import { notifications, offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';
import { addProduct, addressBody, giveGoods } from '../shipments/shipments.fixtures';
import { credit } from './offers.fixtures';

type User = { userId: string; token: string };

/** Issue 24: an item that leaves by another path ends its open offers at once, with the money back. */
describe('offers on an item that leaves its owner by another path', () => {
  let t: TestApp;
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const balances = (u: User) => t.app.services.wallet.balancesOf(t.db, u.userId);
  const row = async (id: string) => (await t.db.select().from(offers).where(eq(offers.id, id)))[0]!;
  const declinedNotices = async (u: User) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, u.userId))).filter(
      (n) => n.kind === 'offerDeclined',
    ).length;

  /** A verified buyer with HK$500 offers HK$100 on `itemId`. */
  async function offerOn(itemId: string, kind: 'card' | 'goods' = 'card') {
    const buyer = await trader(t);
    await credit(t, buyer.userId, 50_000);
    const made = await post<CreateOfferResult>('offer/create', buyer, {
      kind,
      itemId,
      price: 10_000,
      expiresInHours: 24,
    });
    expect(made.status).toBe(200);
    expect(await balances(buyer)).toEqual({ balance: 40_000, escrow: 10_000 });
    return { buyer, id: made.data.id };
  }

  /** The offer ended `declined`/`unavailable`, its money is back and its buyer was told. */
  async function ended(o: { buyer: User; id: string }) {
    expect(await row(o.id)).toMatchObject({ status: 'declined', closeReason: 'unavailable', held: 0 });
    expect(await balances(o.buyer)).toEqual({ balance: 50_000, escrow: 0 });
    expect(await declinedNotices(o.buyer)).toBe(1);
  }

  /** A theme of three cards and its B card; `owner` holds one of each of the three. */
  async function fullTheme(owner: User) {
    const themeId = newId('thm');
    const cards = [1, 2, 3].map((i) => ({ id: `${themeId}_c${i}` }));
    await addTheme(t, themeId, cards, { id: `${themeId}_b`, editionSize: 5 });
    const held = [];
    for (const c of cards) held.push(await giveCard(t, owner.userId, c.id));
    return { themeId, held };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    await t.close();
  });

  it('a market sale: the offers on the card end when its buyer pays, in the same transaction', async () => {
    const seller = await trader(t);
    const { held } = await fullTheme(seller);
    const card = held[0]!;
    const first = await offerOn(card);
    const second = await offerOn(card);
    // Listed after the offers were made, then bought by someone else.
    const listed = await post<CreateListingResult>('market/create', seller, {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price: 20_000,
    });
    const shopper = await trader(t);
    const order = await post<PayOrder>(
      'payOrder/create',
      shopper,
      { type: 'market', listingId: listed.data.listing.id },
      { 'idempotency-key': freshKey() },
    );
    expect(order.status).toBe(200);
    // Reserved by a paying buyer, the card still has its owner: the offers stay open until the sale.
    expect((await row(first.id)).status).toBe('open');
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.data.orderNo}/confirm` })).statusCode).toBe(
      303,
    );
    await ended(first);
    await ended(second);
  });

  it('a set exchange consumes the card: its offer ends', async () => {
    const owner = await trader(t);
    const { themeId, held } = await fullTheme(owner);
    const offer = await offerOn(held[1]!);
    expect((await post('card/exchangeBCard', owner, { themeId })).status).toBe(200);
    await ended(offer);
  });

  it('goods sent for delivery: the offer on the unit ends', async () => {
    const owner = await trader(t);
    const [unit] = await giveGoods(t, owner.userId, await addProduct(t));
    const offer = await offerOn(unit!, 'goods');
    const address = await post<{ id: string }>('address/add', owner, addressBody());
    const sent = await post('goods/delivery', owner, { goodsIds: [unit], addressId: address.data.id });
    expect(sent.status).toBe(200);
    await ended(offer);
  });

  it('an offer already closed is left as it is when its item leaves', async () => {
    const owner = await trader(t);
    const { themeId, held } = await fullTheme(owner);
    const kept = await offerOn(held[2]!);
    expect((await post('offer/cancel', kept.buyer, { id: kept.id })).status).toBe(200);
    expect((await post('card/exchangeBCard', owner, { themeId })).status).toBe(200);
    expect(await row(kept.id)).toMatchObject({ status: 'cancelled', closeReason: null, held: 0 });
    expect(await declinedNotices(kept.buyer)).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketFee, type CreateListingResult } from '../../../shared/schemas/market';
import { cards, listings, listingVersions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: desk race tests need PostgreSQL (set TEST_DATABASE_URL)');

const ROUNDS = 12;

describe.skipIf(!TEST_DATABASE_URL)('market/editPrice racing a sale (PostgreSQL)', () => {
  let t: TestApp;
  let seq = 0;
  type User = { userId: string; token: string };
  const api = (u: User, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${u.token}`, ...headers }, payload });
  const newCardInfo = async () => {
    const id = `dpg${seq++}`;
    await addTheme(t, id, [{ id: `${id}_c1` }]);
    return `${id}_c1`;
  };
  const wallet = async (u: User) =>
    (await api(u, 'GET', 'payment/info')).json().data as { balance: number; escrow: number };
  const listing = async (id: string) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
  /** A funded buy listing of `bidder` for `ci`. */
  const fundedBid = async (bidder: User, ci: string, price: number, quantity = 1) => {
    const body = { sell_type: 1, kind: 'card', cardInfoId: ci, price, quantity };
    const res = await api(bidder, 'POST', 'market/create', body, { 'idempotency-key': freshKey() });
    const created = res.json().data as CreateListingResult;
    await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.orderNo}/confirm` });
    await api(bidder, 'GET', `payOrder/payCheck?orderNo=${created.orderNo}`);
    return created.listing.id;
  };
  const books = async () => expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it(`a bid repriced while a seller fills it at the old price: one wins cleanly, ${ROUNDS} rounds`, async () => {
    const figures = { edits: 0, fills: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const bidder = await trader(t);
      const holder = await trader(t);
      const ci = await newCardInfo();
      const id = await fundedBid(bidder, ci, 5_000);
      const card = await giveCard(t, holder.userId, ci);
      // Every other round the edit starts a little later, so both orders of arrival are exercised.
      const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const [edit, fill] = await Promise.all([
        later(round % 2 ? 25 : 0).then(() => api(bidder, 'POST', 'market/editPrice', { id, price: 4_000, version: 1 })),
        api(holder, 'POST', 'market/confirmOrder', { listingId: id, itemId: card, price: 5_000 }),
      ]);
      expect([edit.statusCode, fill.statusCode].sort()).toEqual([200, 409]);
      const row = await listing(id);
      if (edit.statusCode === 200) {
        figures.edits++;
        expect(fill.json().msg).toBe('買家剛更改了求購價，現價為 HK$40.00，請重新確認');
        expect(row).toMatchObject({ status: 'active', price: 4_000, version: 2 });
        expect(await wallet(bidder)).toMatchObject({ escrow: 4_000, balance: 1_000 });
        expect(await wallet(holder)).toMatchObject({ balance: 0 });
      } else {
        figures.fills++;
        expect(edit.json().msg).toBe('此掛單已成交或已結束');
        expect(row).toMatchObject({ status: 'sold', price: 5_000, version: 1 });
        expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 0 });
        expect(await wallet(holder)).toMatchObject({ balance: 4_750 });
      }
    }
    console.log(`desk race (bid): ${ROUNDS} rounds, ${figures.edits} repriced first, ${figures.fills} filled first`);
    await books();
  }, 360_000);

  it(`a sell listing repriced while a buyer orders it: the order is at the price it reserved, ${ROUNDS} rounds`, async () => {
    const figures = { reserved: 0, refused: 0, repriced: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const seller = await trader(t);
      const buyer = await trader(t);
      const card = await giveCard(t, seller.userId, await newCardInfo());
      const id = (
        (await api(seller, 'POST', 'market/create', { sell_type: 0, kind: 'card', itemId: card, price: 3_000 })).json()
          .data as CreateListingResult
      ).listing.id;
      const [edit, order] = await Promise.all([
        api(seller, 'POST', 'market/editPrice', { id, price: 3_500, version: 1 }),
        api(buyer, 'POST', 'payOrder/create', { type: 'market', listingId: id }, { 'idempotency-key': freshKey() }),
      ]);
      const row = await listing(id);
      // Reserved first: the price is fixed and the edit refused. Repriced between the buyer's read and reservation:
      // the order is refused (never at the old price). Repriced before: the order is at the new price.
      if (edit.statusCode !== 200) {
        figures.reserved++;
        expect(edit.json().msg).toBe('買家正在付款，暫時不能改價');
        expect(order.json().data.amount).toBe(3_000);
      } else if (order.statusCode === 409) {
        figures.refused++;
        expect(order.json().msg).toBe('賣家剛更改了價格，請重新確認');
        expect(row).toMatchObject({ status: 'active', price: 3_500 });
        continue;
      } else {
        figures.repriced++;
        expect(order.json().data.amount).toBe(3_500);
      }
      expect(row).toMatchObject({ status: 'reserved', price: order.json().data.amount });
    }
    console.log(
      `desk race (sell): ${ROUNDS} rounds, ${figures.reserved} reserved first, ${figures.refused} orders refused, ${figures.repriced} ordered at the new price`,
    );
    await books();
  }, 360_000);

  it(`six holders filling a bid for three copies at once: three fills, three refused as filled, ${ROUNDS} rounds`, async () => {
    const price = 2_000;
    const proceeds = price - marketFee(price).fee;
    for (let round = 0; round < ROUNDS; round++) {
      const bidder = await trader(t);
      const ci = await newCardInfo();
      const id = await fundedBid(bidder, ci, price, 3);
      const holders = await Promise.all(Array.from({ length: 6 }, () => trader(t)));
      const held = await Promise.all(holders.map((h) => giveCard(t, h.userId, ci)));
      const answers = await Promise.all(
        holders.map((h, i) => api(h, 'POST', 'market/confirmOrder', { listingId: id, itemId: held[i], price })),
      );
      const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
      expect(won).toHaveLength(3);
      for (const a of answers.filter((x) => x.statusCode !== 200))
        expect([a.statusCode, a.json().msg]).toEqual([409, '此求購已全部成交，不再收購']);
      expect(await listing(id)).toMatchObject({ status: 'sold', filled: 3 });
      expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 0 });
      for (const [i, h] of holders.entries()) {
        const sold = won.includes(i);
        expect(await wallet(h)).toMatchObject({ balance: sold ? proceeds : 0 });
        const [card] = await t.db.select().from(cards).where(eq(cards.id, held[i]!));
        expect(card).toMatchObject({ ownerId: sold ? bidder.userId : h.userId, status: 'held' });
      }
    }
    console.log(`desk race (copies): ${ROUNDS} rounds of a 3-copy bid filled by 6 holders at once: 3 fills each`);
    await books();
  }, 360_000);

  it('two tabs repricing the same version at once: one new version, the other refused', async () => {
    const seller = await trader(t);
    const card = await giveCard(t, seller.userId, await newCardInfo());
    const id = (
      (await api(seller, 'POST', 'market/create', { sell_type: 0, kind: 'card', itemId: card, price: 3_000 })).json()
        .data as CreateListingResult
    ).listing.id;
    const answers = await Promise.all(
      [2_000, 2_100, 2_200, 2_300].map((price) => api(seller, 'POST', 'market/editPrice', { id, price, version: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const versions = await t.db.select().from(listingVersions).where(eq(listingVersions.listingId, id));
    expect(versions).toHaveLength(1);
    expect((await listing(id)).price).toBe(versions[0]!.price);
  }, 180_000);
});

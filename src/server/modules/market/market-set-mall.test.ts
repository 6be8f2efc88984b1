import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import { marketFee, type CreateListingResult } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { SetQuote } from '../../../shared/schemas/set-quote';
import {
  cardInfos,
  cards,
  ledgerEntries,
  ledgerPostings,
  listings,
  payOrders,
  saleItems,
  sales,
} from '../../db/schema';
import { brokenInvariants } from '../../checks/faults/invariants';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { givePerkCard, perkRight } from '../perks/perks.fixtures';
import { accounts } from '../wallet/wallet.service';
import { freshKey, giveCard, trader } from './market.fixtures';

type User = { userId: string; token: string; phone: string };
type Mall = { priceCents: number; perUserLimit?: number; hot?: boolean; saleStartsAt?: Date; saleEndsAt?: Date };

/** 一鍵補齊 from the cheapest source (issue 44): the mall's own editions beside the market's asks. */
describe('completing a set from the mall and the market (issue 44)', () => {
  let t: TestApp;
  let seq = 0;
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const sell = async (u: User, cardInfoId: string, price: number) => {
    const card = await giveCard(t, u.userId, cardInfoId);
    const r = await post<CreateListingResult>('market/create', u, { sell_type: 0, kind: 'card', itemId: card, price });
    expect(r.status).toBe(200);
    return r.data.listing.id;
  };
  const quote = async (u: User, themeId: string) => {
    const r = await t.call<SetQuote>('GET', 'theme/completionQuote', { token: u.token, query: { themeId } });
    expect(r.status).toBe(200);
    return r.data;
  };
  const buySet = (u: User, themeId: string, quoteId: string) =>
    post<PayOrder | SetQuote>(
      'payOrder/create',
      u,
      { type: 'set', themeId, quoteId },
      { 'Idempotency-Key': freshKey() },
    );
  const sources = (q: SetQuote) => q.lines.map((l) => [l.cardInfoId, l.source, l.price]);
  const supply = async (id: string) =>
    (await t.db
      .select()
      .from(cardInfos)
      .where(eq(cardInfos.id, id))
      .then((r) => r[0]!)) as {
      minted: number;
      reserved: number;
    };
  const books = async () => expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

  /** A theme of `n` cards (edition 500), the buyer holding the first; `mall` puts cards on sale in the mall. */
  const theme = async (buyer: User, n: number, mall: Record<number, Mall> = {}) => {
    const id = `sm${seq++}`;
    const ids = Array.from({ length: n }, (_, i) => `${id}_c${i + 1}`);
    await addTheme(
      t,
      id,
      ids.map((c) => ({ id: c, editionSize: 500 })),
      { id: `${id}_b` },
    );
    for (const [i, m] of Object.entries(mall)) {
      await t.db
        .update(cardInfos)
        .set({ perUserLimit: 1, ...m })
        .where(eq(cardInfos.id, ids[Number(i)]!));
    }
    await giveCard(t, buyer.userId, ids[0]!);
    return { id, cards: ids };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes the mall’s cheaper card and the market’s cheaper card, and pays both in one order', async () => {
    const [buyer, s1] = [await trader(t), await trader(t)];
    const th = await theme(buyer, 4, { 1: { priceCents: 7_800 }, 2: { priceCents: 9_000 }, 3: { priceCents: 3_000 } });
    const [c2, c3, c4] = th.cards.slice(1) as [string, string, string];
    await sell(s1, c2, 10_800); // dearer than the mall's 78: the mall's edition is quoted
    const ask = await sell(s1, c3, 5_000); // cheaper than the mall's 90: the listing is quoted
    const q = await quote(buyer, th.id);
    expect(sources(q)).toEqual([
      [c2, 'mall', 7_800],
      [c3, 'market', 5_000],
      [c4, 'mall', 3_000],
    ]);
    expect(q.lines[0]).toMatchObject({ listingId: null, serialLabel: null, left: 499 });
    expect(q.lines[1]).toMatchObject({ listingId: ask, left: null });
    expect(q.unlisted).toEqual([]);
    expect(q.total).toBe(15_800);

    const made = await buySet(buyer, th.id, q.quoteId!);
    expect(made.status).toBe(200);
    const o = made.data as PayOrder;
    expect(o).toMatchObject({ type: 'set', itemId: th.id, amount: 15_800, discount: 0 });
    // Held from each source: the listing reserved, one edition of each mall card reserved.
    expect((await supply(c2)).reserved).toBe(1);
    expect((await supply(c4)).reserved).toBe(1);

    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${o.orderNo}/confirm` })).statusCode).toBe(303);
    const paid = (
      await t.call<PayOrder>('GET', 'payOrder/payCheck', { token: buyer.token, query: { orderNo: o.orderNo } })
    ).data;
    expect(paid.status).toBe('paid');
    expect(paid.cards).toHaveLength(3);
    // The buyer owns all three: the listed copy moved, the mall's editions minted from their reservation.
    const owned = await t.db
      .select({ cardInfoId: cards.cardInfoId, ownerId: cards.ownerId, status: cards.status })
      .from(cards)
      .where(and(inArray(cards.cardInfoId, [c2, c3, c4]), eq(cards.ownerId, buyer.userId)));
    expect(owned.map((c) => c.cardInfoId).sort()).toEqual([c2, c3, c4]);
    expect(owned.every((c) => c.status === 'held')).toBe(true);
    expect((await t.db.select().from(listings).where(eq(listings.id, ask)))[0]!.status).toBe('sold');
    expect(await supply(c2)).toMatchObject({ minted: 2, reserved: 0 }); // the seller's listed copy was the first
    expect(await supply(c4)).toMatchObject({ minted: 1, reserved: 0 });

    // The seller's part as before (`set_sale`), the platform's part as the mall's sale of its two cards.
    const postings = await t.db
      .select({ kind: ledgerPostings.kind, refId: ledgerPostings.refId, account: ledgerEntries.accountId })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
      .where(inArray(ledgerPostings.refId, [o.orderNo, `${o.orderNo}:${s1.userId}`]));
    expect([...new Set(postings.map((p) => `${p.kind} ${p.refId}`))].sort()).toEqual(
      [`mall_sale ${o.orderNo}`, `payment_received ${o.orderNo}`, `set_sale ${o.orderNo}:${s1.userId}`].sort(),
    );
    const mallSale = await t.db
      .select({ account: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
      .where(and(eq(ledgerPostings.kind, 'mall_sale'), eq(ledgerPostings.refId, o.orderNo)));
    expect(mallSale.sort((a, b) => a.amount - b.amount)).toEqual([
      { account: accounts.ordersClearing.id, amount: -10_800 },
      { account: accounts.sales.id, amount: 10_800 },
    ]);
    expect((await t.app.services.wallet.balancesOf(t.db, s1.userId)).balance).toBe(marketFee(5_000).proceeds);
    await books();

    // One sale per card: the platform's (no seller) for the mall's, the seller's for the listing.
    const recorded = await t.db
      .select({
        cardInfoId: sales.cardInfoId,
        way: sales.way,
        sellerId: sales.sellerId,
        price: sales.price,
        posting: sales.postingKind,
        source: sales.sourceKind,
        sourceId: sales.sourceId,
        cost: saleItems.cost,
        rule: saleItems.costRule,
      })
      .from(sales)
      .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
      .where(eq(sales.orderNo, o.orderNo));
    expect(recorded.sort((a, b) => a.cardInfoId!.localeCompare(b.cardInfoId!))).toEqual([
      {
        cardInfoId: c2,
        way: 'set_completion',
        sellerId: null,
        price: 7_800,
        posting: 'mall_sale',
        source: 'theme',
        sourceId: th.id,
        cost: 7_800,
        rule: 'paid',
      },
      {
        cardInfoId: c3,
        way: 'set_completion',
        sellerId: s1.userId,
        price: 5_000,
        posting: 'set_sale',
        source: 'theme',
        sourceId: th.id,
        cost: 5_000,
        rule: 'paid',
      },
      {
        cardInfoId: c4,
        way: 'set_completion',
        sellerId: null,
        price: 3_000,
        posting: 'mall_sale',
        source: 'theme',
        sourceId: th.id,
        cost: 3_000,
        rule: 'paid',
      },
    ]);
  });

  it('takes no mall card that is hot, not yet on sale (outside the buyer’s priority window), ended or sold out', async () => {
    const buyer = await trader(t);
    const now = t.clock.now().getTime();
    const th = await theme(buyer, 6, {
      1: { priceCents: 1_000, hot: true },
      2: { priceCents: 1_000, saleStartsAt: new Date(now + 3_600_000) },
      3: { priceCents: 1_000, saleEndsAt: new Date(now - 1) },
      4: { priceCents: 1_000 },
      5: { priceCents: 1_000, saleStartsAt: new Date(now + 3_600_000) },
    });
    // Sold out: an edition of 1, held by somebody.
    await t.db.update(cardInfos).set({ editionSize: 1 }).where(eq(cardInfos.id, th.cards[4]!));
    await giveCard(t, (await trader(t)).userId, th.cards[4]!);
    const q = await quote(buyer, th.id);
    expect(q.quoteId).toBeNull();
    expect(q.unlisted.map((c) => c.cardInfoId)).toEqual(th.cards.slice(1));
    // A holder of the theme's priority right (decision 029) buys the upcoming cards inside their window.
    await givePerkCard(t.db, {
      owners: [buyer.userId],
      rights: [perkRight({ kind: 'priority', windowHours: 2, themeId: th.id })],
    });
    const early = await quote(buyer, th.id);
    expect(sources(early)).toEqual([
      [th.cards[2], 'mall', 1_000],
      [th.cards[5], 'mall', 1_000],
    ]);
    // A set order of the mall's cards alone: no listing, no seller, the books and the invariants still hold.
    const made = await buySet(buyer, th.id, early.quoteId!);
    expect(made.status).toBe(200);
    const o = made.data as PayOrder;
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${o.orderNo}/confirm` })).statusCode).toBe(303);
    const [paid] = await t.db
      .select({ status: payOrders.status, fulfilment: payOrders.fulfilment })
      .from(payOrders)
      .where(eq(payOrders.orderNo, o.orderNo));
    expect(paid!.status).toBe('paid');
    expect(paid!.fulfilment!.cards!.map((c) => c.serial)).toEqual([1, 1]);
    await books();
    expect(await brokenInvariants(t.db)).toEqual([]);
  });

  it('takes the market when the buyer’s per-user limit is reached, counting mall orders and pending set orders', async () => {
    const [buyer, s1] = [await trader(t), await trader(t)];
    const th = await theme(buyer, 3, { 1: { priceCents: 7_800 }, 2: { priceCents: 2_000, perUserLimit: 2 } });
    const [c2, c3] = th.cards.slice(1) as [string, string];
    const ask = await sell(s1, c2, 10_800);
    const first = await quote(buyer, th.id);
    expect(sources(first)).toEqual([
      [c2, 'mall', 7_800],
      [c3, 'mall', 2_000],
    ]);
    // A mall order of the card (pending) takes the buyer's one: the old quote is refused with a new one, from the market.
    const mallOrder = await post<PayOrder>(
      'payOrder/create',
      buyer,
      { type: 'card', cardInfoId: c2, quantity: 1 },
      { 'Idempotency-Key': freshKey() },
    );
    expect(mallOrder.status).toBe(200);
    const refused = await buySet(buyer, th.id, first.quoteId!);
    expect(refused).toMatchObject({ status: 409, msg: '部分卡牌已售出或價格已更改，已為你重新報價，請再確認' });
    const fresh = refused.data as SetQuote;
    expect(sources(fresh)).toEqual([
      [c2, 'market', 10_800],
      [c3, 'mall', 2_000],
    ]);
    expect(fresh.lines[0]!.listingId).toBe(ask);
    expect((await supply(c3)).reserved).toBe(0); // the refused order held nothing

    // A pending set order's mall edition counts too: 1 of 2 held by it leaves one; with a limit of 1, none.
    const made = await buySet(buyer, th.id, fresh.quoteId!);
    expect(made.status).toBe(200);
    expect(sources(await quote(buyer, th.id))).toEqual([[c3, 'mall', 2_000]]);
    await t.db.update(cardInfos).set({ perUserLimit: 1 }).where(eq(cardInfos.id, c3));
    const capped = await quote(buyer, th.id);
    expect(sources(capped)).toEqual([]);
    expect(capped.unlisted.map((c) => c.cardInfoId)).toEqual([c2, c3]);
    // Cancelled, it holds nothing: the listing and the mall's edition are quoted again.
    expect((await post('payOrder/cancel', buyer, { orderNo: (made.data as PayOrder).orderNo })).status).toBe(200);
    expect(sources(await quote(buyer, th.id))).toEqual([
      [c2, 'market', 10_800],
      [c3, 'mall', 2_000],
    ]);
    await books();
  });

  it('gives the mall’s editions back when the set order is cancelled or expires unpaid', async () => {
    const [buyer, s1] = [await trader(t), await trader(t)];
    const th = await theme(buyer, 3, { 1: { priceCents: 7_800 } });
    const [c2, c3] = th.cards.slice(1) as [string, string];
    const ask = await sell(s1, c3, 4_000);
    for (const end of ['cancel', 'expire'] as const) {
      const q = await quote(buyer, th.id);
      expect(sources(q)).toEqual([
        [c2, 'mall', 7_800],
        [c3, 'market', 4_000],
      ]);
      const made = await buySet(buyer, th.id, q.quoteId!);
      expect(made.status).toBe(200);
      const o = made.data as PayOrder;
      expect((await supply(c2)).reserved).toBe(1);
      if (end === 'cancel') expect((await post('payOrder/cancel', buyer, { orderNo: o.orderNo })).status).toBe(200);
      else {
        t.clock.advance(PAY_ORDER_TTL_MS + 1);
        expect(await t.app.services.payOrders.expireDue(25)).toBeGreaterThan(0);
      }
      // Both sources given back: the edition to the mall, the listing to the market.
      expect((await supply(c2)).reserved).toBe(0);
      expect((await t.db.select().from(listings).where(eq(listings.id, ask)))[0]!.status).toBe('active');
      // A used quote pays no second order.
      expect((await buySet(buyer, th.id, q.quoteId!)).status).toBe(409);
    }
    await books();
  });
});

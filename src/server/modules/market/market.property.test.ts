import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_SIDES, type ListingSide } from '../../../shared/market-labels';
import { AppError } from '../../errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import type { Actor, Operator } from '../auth/auth.service';
import { addTheme } from '../collection/collection-fixtures';
import { credit } from '../offers/offers.fixtures';
import { freshKey, giveCard, itemOwners, openListings, trader } from './market.fixtures';
import { offerArbitraries, offerSteps, type OfferOp } from './offer-steps.fixtures';
import { createMarketRepository } from './market.repository';
import { depth } from '../../../testing/depth';

/**
 * Property test over the service layer on PGlite: random sequences of list / buy / buy a set / pay / cancel /
 * expire / bid / fill / withdraw / reject / payout / offer / counter / accept / decline / cancel an offer, and after
 * each sequence the books and the items must hold (PRODUCT.md §3): every posting nets to zero, no balance below zero,
 * balances equal the sum of entries, every item has exactly one owner and at most one open listing, escrow equals the
 * open bids and the open offers' holds, and money in = money out + fees + balances.
 */
/**
 * 1 000 sequences on PGlite under `npm run test:full` (issue 8; the gate's first run), 200 under `npm test`; 300 on
 * PostgreSQL (the gate's second run), where the same steps meet that database's locks and types.
 * MARKET_PROPERTY_RUNS sets another count.
 */
const RUNS = Number(process.env.MARKET_PROPERTY_RUNS ?? (TEST_DATABASE_URL ? 300 : depth(200, 1000)));

const user = fc.integer({ min: 0, max: 3 });
/** Mostly the newest objects (still open), sometimes older ones. */
const idx = fc.oneof(fc.nat(2), fc.nat(1000));
const price = fc.constantFrom(100, 1_000, 5_000, 20_000, 100_000);
const op = fc.oneof(
  fc.record({ op: fc.constant('list' as const), u: user, c: idx, price }),
  fc.record({ op: fc.constant('buy' as const), u: user, l: idx }),
  // 一鍵補齊 (decision 042): the user's quote for the set, bought as one order when it has anything to buy.
  fc.record({ op: fc.constant('buySet' as const), u: user }),
  fc.record({ op: fc.constant('bidSet' as const), u: user, price }),
  fc.record({ op: fc.constant('pay' as const), o: idx, balance: fc.boolean() }),
  fc.record({ op: fc.constant('cancel' as const), u: user, l: idx }),
  fc.record({ op: fc.constant('cancelOrder' as const), o: idx }),
  fc.record({
    op: fc.constant('expire' as const),
    ms: fc.constantFrom(60_000, 16 * 60_000, 25 * 3600_000, 8 * 24 * 3600_000, 31 * 24 * 3600_000),
  }),
  fc.record({
    op: fc.constant('bid' as const),
    u: user,
    ci: fc.integer({ min: 0, max: 1 }),
    price,
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ op: fc.constant('reprice' as const), u: user, l: idx, price }),
  fc.record({ op: fc.constant('fill' as const), u: user, l: idx, c: idx }),
  fc.record({ op: fc.constant('withdraw' as const), u: user, amount: fc.constantFrom(10_000, 50_000, 200_000) }),
  fc.record({ op: fc.constant('decide' as const), w: idx, pay: fc.boolean() }),
  ...offerArbitraries,
);
type Op = Exclude<typeof op extends fc.Arbitrary<infer T> ? T : never, OfferOp>;
type SummaryCheck = { later: boolean; sellType: ListingSide; sort: 'price_asc' | 'count' };
const SUMMARY_CHECKS: readonly SummaryCheck[] = [false, true].flatMap((later) =>
  LISTING_SIDES.flatMap((sellType) => (['price_asc', 'count'] as const).map((sort) => ({ later, sellType, sort }))),
);

describe('market property: random trading keeps the books and the items consistent', () => {
  let t: TestApp;
  let actors: Actor[];
  const cardIds: string[] = [];
  const cardInfoIds = ['prop_c1', 'prop_c2'];
  /** Held by users 0 and 1 only: the others start the set without it, so their set quotes buy it from 0 and 1. */
  const SET_ONLY = 'prop_c3';
  const listingIds: string[] = [];
  const orders: { orderNo: string; buyer: number; amount: number }[] = [];
  const withdrawalIds: string[] = [];
  const admin: Operator = { userId: '', sessionId: 'prop', roles: ['admin'], requestId: 'prop' };
  let events = 0;
  let setOrders = 0;
  const counts = { ok: 0, refused: 0 };
  let sequences = 0;
  let offering: ReturnType<typeof offerSteps>;

  const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[xs.length - 1 - (i % xs.length)] : undefined);

  beforeAll(async () => {
    t = await createTestApp();
    await addTheme(
      t,
      'prop',
      [...cardInfoIds, SET_ONLY].map((id) => ({ id, editionSize: 1000 })),
    );
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await trader(t));
    actors = users.map((u) => ({ userId: u.userId, sessionId: 'prop', roles: ['user'] }));
    admin.userId = users[0]!.userId;
    for (const u of users)
      for (const ci of cardInfoIds) for (let k = 0; k < 3; k++) cardIds.push(await giveCard(t, u.userId, ci));
    for (const u of users.slice(0, 2)) for (let k = 0; k < 2; k++) cardIds.push(await giveCard(t, u.userId, SET_ONLY));
    // Offers are held from the wallet: everyone starts with HK$2 000 in it.
    for (const u of users) await credit(t, u.userId, 200_000);
    offering = offerSteps(t, actors, cardIds, listingIds);
  }, 180_000);
  afterAll(() => t?.close());

  async function run(o: Op | OfferOp) {
    const s = t.app.services;
    switch (o.op) {
      case 'list':
        return s.market
          .create(actors[o.u]!, { sell_type: 0, kind: 'card', itemId: pick(cardIds, o.c)!, price: o.price }, undefined)
          .then((r) => listingIds.push(r.listing.id));
      case 'buy': {
        const l = pick(listingIds, o.l);
        if (!l) return;
        const order = await s.payOrders.create(actors[o.u]!, { type: 'market', listingId: l }, freshKey());
        orders.push({ orderNo: order.orderNo, buyer: o.u, amount: order.amount });
        return;
      }
      case 'buySet': {
        const quote = await s.market.completionQuote(actors[o.u]!, 'prop');
        if (!quote.quoteId) return;
        const order = await s.payOrders.create(
          actors[o.u]!,
          { type: 'set', themeId: 'prop', quoteId: quote.quoteId },
          freshKey(),
        );
        orders.push({ orderNo: order.orderNo, buyer: o.u, amount: order.amount });
        setOrders++;
        return;
      }
      case 'bidSet': {
        // One-step bids on the set's cards (decision 042): one `bids` order funds all of them.
        const cards = [...cardInfoIds, SET_ONLY].map((cardInfoId) => ({ cardInfoId, price: o.price }));
        const r = await s.market.createBids(actors[o.u]!, { themeId: 'prop', cards }, freshKey());
        listingIds.push(...r.listings.map((l) => l.id));
        orders.push({ orderNo: r.orderNo, buyer: o.u, amount: r.amountCents });
        return;
      }
      case 'pay': {
        const order = pick(orders, o.o);
        if (!order) return;
        if (o.balance) return s.payOrders.payWithBalance(actors[order.buyer]!, order.orderNo);
        const row = await s.payOrders.ownOrder(actors[order.buyer]!.userId, order.orderNo);
        return s.payOrders.applyWebhook('sandbox', {
          eventId: `prop_evt_${events++}`,
          eventType: 'payment.succeeded',
          payment: {
            providerRef: row?.providerRef ?? 'none',
            orderNo: order.orderNo,
            amountCents: order.amount,
            currency: 'HKD',
            paymentRef: `prop_pay_${events}`,
          },
        });
      }
      case 'cancel': {
        const l = pick(listingIds, o.l);
        return l && s.market.cancel(actors[o.u]!, l);
      }
      case 'cancelOrder': {
        const order = pick(orders, o.o);
        return order && s.market.cancelOrder(actors[order.buyer]!, order.orderNo);
      }
      case 'expire':
        t.clock.advance(o.ms);
        await s.payOrders.expireDue();
        return s.market.expireDue();
      case 'bid': {
        const r = await s.market.create(
          actors[o.u]!,
          { sell_type: 1, kind: 'card', cardInfoId: cardInfoIds[o.ci]!, price: o.price, quantity: o.quantity },
          freshKey(),
        );
        listingIds.push(r.listing.id);
        if (r.orderNo) orders.push({ orderNo: r.orderNo, buyer: o.u, amount: o.price * o.quantity });
        return;
      }
      case 'reprice': {
        const l = pick(listingIds, o.l);
        return l && s.market.editPrice(actors[o.u]!, { id: l, price: o.price });
      }
      case 'fill': {
        const l = pick(listingIds, o.l);
        return l && s.market.confirmOrder(actors[o.u]!, { listingId: l, itemId: pick(cardIds, o.c)! });
      }
      case 'withdraw':
        return s.wallet.withdrawChecked(actors[o.u]!, o.amount).then((w) => withdrawalIds.push(w.id));
      case 'decide': {
        const w = pick(withdrawalIds, o.w);
        if (!w) return;
        return o.pay
          ? s.wallet.payWithdrawal(admin, { id: w, reference: 'PROP' })
          : s.wallet.rejectWithdrawal(admin, { id: w, reason: '測試拒絕' });
      }
      default:
        return offering.run(o);
    }
  }

  /**
   * The maintained summaries against counting the listings, now and later (open listings past their expiry that no job
   * has closed yet: the stale path), by sell type and sort. A wrong summary stays wrong until something recounts it, so
   * one of the eight views after each sequence, in turn, and all eight after the last, find what all eight every time
   * would (which took more than half of the test's time).
   */
  async function checkSummaries(checks: readonly SummaryCheck[]) {
    const repo = createMarketRepository();
    for (const { later, sellType, sort } of checks) {
      const at = new Date(t.clock.now().getTime() + (later ? 8 * 24 * 3600_000 : 0));
      const f = { sellType, kind: 'card' as const };
      expect(await repo.rows(t.db, f, sort, at, 10, 0)).toEqual(await repo.liveRows(t.db, f, sort, at, 10, 0));
    }
  }

  async function checkInvariants() {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    const bal = (id: string) => audit.accounts.find((a) => a.id === id)?.summed ?? 0;
    for (const a of audit.accounts) {
      expect(a.cached).toBe(a.summed);
      if (a.type !== 'provider_clearing') expect(a.summed).toBeGreaterThanOrEqual(0);
    }
    const moneyIn = 0 - bal('provider:clearing');
    const userFunds = audit.accounts
      .filter((a) => a.type === 'balance' || a.type === 'escrow')
      .reduce((s, a) => s + a.summed, 0);
    // Outside money is wherever it went (decision 025): paid out, earned, held for users, or owed back.
    expect(moneyIn).toBe(
      bal('payout:paid') +
        bal('platform:fees') +
        bal('platform:sales') +
        userFunds +
        bal('payout:clearing') +
        bal('orders:clearing') +
        bal('refunds:payable'),
    );
    expect(bal('orders:clearing')).toBe(0);
    // Every pay order has exactly the postings its state and type require; refunds payable = open refund records
    // (every 100th sequence, and after the last: reconciling reads every order, so more often costs minutes).
    if (++sequences % 100 === 0) expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

    const listings = await openListings(t);
    const owners = new Map((await itemOwners(t)).map((c) => [c.id, c]));
    const users = new Set(actors.map((a) => a.userId));
    const open = new Map<string, (typeof listings)[number]>();
    for (const l of listings) {
      if (l.sellType !== 'sell') continue;
      expect(open.has(l.itemId!)).toBe(false);
      open.set(l.itemId!, l);
    }
    expect(cardIds.filter((id) => owners.has(id))).toHaveLength(cardIds.length);
    for (const id of cardIds) {
      const c = owners.get(id)!;
      expect(users.has(c.ownerId)).toBe(true);
      const l = open.get(id);
      if (c.status === 'held') expect(l).toBeUndefined();
      else {
        expect(l).toMatchObject({ userId: c.ownerId, status: c.status === 'listed' ? 'active' : 'reserved' });
      }
    }
    // The maintained summaries answer the market rows exactly as counting the listings would (summaryChecks).
    await checkSummaries([SUMMARY_CHECKS[sequences % SUMMARY_CHECKS.length]!]);
    for (const a of actors) {
      const bids = listings
        .filter((l) => l.sellType === 'buy' && l.userId === a.userId && l.status === 'active')
        .reduce((s, l) => s + l.price * (l.quantity - l.filled), 0);
      expect(bal(`user:${a.userId}:escrow`)).toBe(bids + (await offering.held(a.userId)));
    }
  }

  it(`holds over ${RUNS} random sequences`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          try {
            await run(o);
            counts.ok++;
          } catch (err) {
            // A rule refusing the step (404, 409, 400) is fine; anything else is a bug.
            if (!(err instanceof AppError) || err.code >= 500) throw err;
            counts.refused++;
          }
        }
        await checkInvariants();
      }),
      { numRuns: RUNS },
    );
    expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);
    await checkSummaries(SUMMARY_CHECKS);
    const audit = await t.app.services.wallet.audit();
    console.log(
      `property: ${RUNS} sequences, ${counts.ok} steps applied, ${counts.refused} refused by a rule, ${listingIds.length} listings, ${orders.length} orders (${setOrders} set orders), ${withdrawalIds.length} withdrawals, ${offering.counts.made} offers (${offering.counts.accepted} accepted), ${audit.accounts.length} ledger accounts`,
    );
    expect(counts.ok).toBeGreaterThan(RUNS / 2);
  }, 1_800_000);
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cards, listings, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { accounts } from '../wallet/wallet.service';
import { freshKey, giveCard, trader, transfersOf, verifiedBuyers } from './market.fixtures';
import { createMarketRepository } from './market.repository';

if (!TEST_DATABASE_URL) console.log('skipped: market race tests need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('market under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let seq = 0;
  const inject = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
  const buy = (token: string, listingId: string) =>
    inject(token, 'POST', 'payOrder/create', { type: 'market', listingId }, { 'idempotency-key': freshKey() });
  const pay = (orderNo: string) => t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
  const newCardInfo = async () => {
    const id = `pg${seq++}`;
    await addTheme(t, id, [{ id: `${id}_c1` }]);
    return `${id}_c1`;
  };
  const listCard = async (seller: { userId: string; token: string }, cardInfoId: string, price = 1_000) => {
    const card = await giveCard(t, seller.userId, cardInfoId);
    const res = await inject(seller.token, 'POST', 'market/create', {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price,
    });
    return { card, listingId: (res.json().data as CreateListingResult).listing.id };
  };
  const books = async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
    for (const a of audit.accounts) if (a.type !== 'provider_clearing') expect(a.summed).toBeGreaterThanOrEqual(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it('200 buyers at once on one sell listing: exactly one order, 199 clear 409s', async () => {
    const seller = await trader(t);
    const { listingId } = await listCard(seller, await newCardInfo());
    const buyers = await verifiedBuyers(t, 200);
    const results = await Promise.all(buyers.map((b) => buy(b.token, listingId)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    const msgs = new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg as string));
    for (const m of msgs) expect(['此掛單正由其他買家付款中，請稍後再試', '此掛單已售出或已下架']).toContain(m);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(row!.status).toBe('reserved');
  }, 360_000);

  it('40 listings of one card info listed, bought and cancelled at once: its market row counts exactly what is open', async () => {
    const ci = await newCardInfo();
    const sellers = await Promise.all(Array.from({ length: 4 }, () => trader(t)));
    const buyers = await verifiedBuyers(t, 10);
    const listed = [];
    for (let i = 0; i < 40; i++) listed.push(await listCard(sellers[i % 4]!, ci, 1_000 + i * 100));
    // Every change of a listing of this card info recounts the same summary row, from 40 requests at once.
    await Promise.all(
      listed.map(({ listingId }, i) =>
        i % 4 === 0
          ? inject(sellers[i % 4]!.token, 'POST', 'market/cancel', { id: listingId })
          : i % 4 === 1
            ? buy(buyers[i % 10]!.token, listingId)
            : listCard(sellers[i % 4]!, ci, 500 + i),
      ),
    );
    const repo = createMarketRepository();
    const now = t.clock.now();
    const open = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.cardInfoId, ci), eq(listings.status, 'active')));
    const f = { sellType: 'sell' as const, kind: 'card' as const, keyword: undefined };
    const rows = (await repo.rows(t.db, f, 'count', now, 1000, 0)).filter((r) => r.id === ci);
    expect(rows).toEqual([
      expect.objectContaining({ id: ci, count: open.length, best: Math.min(...open.map((l) => l.price)) }),
    ]);
    expect(rows).toEqual((await repo.liveRows(t.db, f, 'count', now, 1000, 0)).filter((r) => r.id === ci));
  }, 360_000);

  it('buying and cancelling race 100 times: one final state each, the owner changes at most once', async () => {
    const seller = await trader(t);
    const [buyer] = await verifiedBuyers(t, 1);
    const ci = await newCardInfo();
    const outcomes = { sold: 0, cancelled: 0 };
    for (let i = 0; i < 100; i++) {
      const { card, listingId } = await listCard(seller, ci);
      const [bought, cancelled] = await Promise.all([
        (async () => {
          const r = await buy(buyer!.token, listingId);
          if (r.statusCode !== 200) return r.statusCode;
          await pay(r.json().data.orderNo as string);
          return 200;
        })(),
        // Jitter which side starts first, so both orders of arrival are exercised.
        new Promise((r) => setTimeout(r, (i % 10) * 2))
          .then(() => inject(seller.token, 'POST', 'market/cancel', { id: listingId }))
          .then((r) => r.statusCode),
      ]);
      expect([bought, cancelled].filter((c) => c === 200)).toHaveLength(1);
      const [l] = await t.db.select().from(listings).where(eq(listings.id, listingId));
      const [c] = await t.db.select().from(cards).where(eq(cards.id, card));
      if (bought === 200) {
        expect(l!.status).toBe('sold');
        expect(c).toMatchObject({ ownerId: buyer!.id, status: 'held' });
        outcomes.sold++;
      } else {
        expect(l!.status).toBe('cancelled');
        expect(c).toMatchObject({ ownerId: seller.userId, status: 'held' });
        outcomes.cancelled++;
      }
      expect(await transfersOf(t, card)).toBeLessThanOrEqual(1);
    }
    console.log(`buy/cancel races: ${outcomes.sold} sold, ${outcomes.cancelled} cancelled`);
    await books();
  }, 900_000);

  it('a seller cancelling while the buyer pays: one outcome (sold), nothing lost', async () => {
    const seller = await trader(t);
    const [buyer] = await verifiedBuyers(t, 1);
    const ci = await newCardInfo();
    for (let i = 0; i < 30; i++) {
      const { card, listingId } = await listCard(seller, ci, 2_000);
      const order = (await buy(buyer!.token, listingId)).json().data as { orderNo: string };
      const [paid, cancel] = await Promise.all([
        pay(order.orderNo),
        inject(seller.token, 'POST', 'market/cancel', { id: listingId }),
      ]);
      expect(paid.statusCode).toBe(303);
      expect(cancel.statusCode).toBe(409);
      const [c] = await t.db.select().from(cards).where(eq(cards.id, card));
      expect(c).toMatchObject({ ownerId: buyer!.id, status: 'held' });
      expect(await transfersOf(t, card)).toBe(1);
    }
    await books();
  }, 900_000);

  it('the checkout webhook and payWithBalance racing ×30: the buyer pays each order once, nothing lost', async () => {
    const seller = await trader(t);
    const [buyer] = await verifiedBuyers(t, 1);
    const ci = await newCardInfo();
    const sandbox = t.app.deps.payments as SandboxProvider;
    const balance = async () => (await t.app.services.wallet.balancesOf(t.db, buyer!.id)).balance;
    // Money the buyer topped up earlier (provider clearing → balance), so the wallet can pay.
    await t.db.transaction((tx) =>
      t.app.services.wallet.post(tx, 'test_funding', buyer!.id, [
        { account: accounts.providerClearing, amount: -100_000, kind: 'internal' },
        { account: accounts.balance(buyer!.id), amount: 100_000, kind: 'payment_returned' },
      ]),
    );
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      const { card, listingId } = await listCard(seller, ci, 2_000);
      const order = (await buy(buyer!.token, listingId)).json().data as { orderNo: string };
      const [row] = await t.db.select().from(payOrders).where(eq(payOrders.orderNo, order.orderNo));
      const webhook = await sandbox.pay({
        checkoutId: row!.providerRef!,
        orderNo: order.orderNo,
        amountCents: row!.amountCents,
      });
      const before = await balance();
      const [hook, wallet] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook/sandbox',
          headers: webhook.headers,
          payload: webhook.body,
        }),
        inject(buyer!.token, 'POST', 'payOrder/payWithBalance', { orderNo: order.orderNo }),
      ]);
      const outcome = hook.json().data.outcome as string;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      // Either the checkout settled it (the wallet is refused) or the wallet did (the checkout's money comes back).
      if (outcome === 'settled') expect(wallet.statusCode).toBe(409);
      else expect([outcome, wallet.statusCode]).toEqual(['returned_to_balance', 200]);
      // The checkout charged the buyer's card once; the wallet ends where it was in both cases.
      expect(await balance()).toBe(before);
      const [c] = await t.db.select().from(cards).where(eq(cards.id, card));
      expect(c).toMatchObject({ ownerId: buyer!.id, status: 'held' });
      expect(await transfersOf(t, card)).toBe(1);
    }
    console.log(`[race] webhook vs payWithBalance: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    await books();
  }, 900_000);

  it('two holders filling one bid at once: one fill, the other keeps their card', async () => {
    const bidder = await trader(t);
    const ci = await newCardInfo();
    for (let i = 0; i < 20; i++) {
      const created = (
        await inject(
          bidder.token,
          'POST',
          'market/create',
          { sell_type: 1, kind: 'card', cardInfoId: ci, price: 3_000 },
          { 'idempotency-key': freshKey() },
        )
      ).json().data as CreateListingResult;
      await pay(created.orderNo!);
      await inject(bidder.token, 'GET', `payOrder/payCheck?orderNo=${created.orderNo}`);
      const holders = [await trader(t), await trader(t)];
      const items = await Promise.all(holders.map((h) => giveCard(t, h.userId, ci)));
      const results = await Promise.all(
        holders.map((h, k) =>
          inject(h.token, 'POST', 'market/confirmOrder', { listingId: created.listing.id, itemId: items[k] }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const owners = await Promise.all(
        items.map(async (id) => (await t.db.select().from(cards).where(eq(cards.id, id)))[0]!),
      );
      expect(owners.filter((c) => c.ownerId === bidder.userId)).toHaveLength(1);
      expect(owners.every((c) => c.status === 'held')).toBe(true);
    }
    const wallet = (await inject(bidder.token, 'GET', 'payment/info')).json().data as { escrow: number };
    expect(wallet.escrow).toBe(0);
    await books();
  }, 900_000);
});

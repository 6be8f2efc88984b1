import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { SetQuote } from '../../../shared/schemas/set-quote';
import { cardInfos, listings, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: set purchase race tests need PostgreSQL (set TEST_DATABASE_URL)');

type User = { userId: string; token: string };

describe.skipIf(!TEST_DATABASE_URL)('completing a set under real concurrency (PostgreSQL, decision 042)', () => {
  let t: TestApp;
  let seq = 0;
  const inject = (
    u: User,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({ method, url: `/api/${url}`, headers: { authorization: `Bearer ${u.token}`, ...headers }, payload });
  const sell = async (u: User, cardInfoId: string, price: number) => {
    const card = await giveCard(t, u.userId, cardInfoId);
    const res = await inject(u, 'POST', 'market/create', { sell_type: 0, kind: 'card', itemId: card, price });
    expect(res.statusCode).toBe(200);
    return (res.json().data as CreateListingResult).listing.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it('2 buyers completing the same set against 1 copy of the last card: one complete purchase, the other a new quote, nothing left reserved', async () => {
    const figures: string[] = [];
    for (let round = 0; round < 5; round++) {
      const th = `ps${seq++}`;
      const ids = [`${th}_c1`, `${th}_c2`, `${th}_c3`];
      await addTheme(
        t,
        th,
        ids.map((id) => ({ id })),
        { id: `${th}_b` },
      );
      const [a, b, s1, s2] = [await trader(t), await trader(t), await trader(t), await trader(t)];
      for (const u of [a, b]) await giveCard(t, u.userId, ids[0]!);
      const cheap = await sell(s1, ids[1]!, 1_000);
      const spare = await sell(s2, ids[1]!, 1_500);
      const last = await sell(s2, ids[2]!, 2_000);
      const [qa, qb] = await Promise.all(
        [a, b].map(
          async (u) => (await inject(u, 'GET', `theme/completionQuote?themeId=${th}`)).json().data as SetQuote,
        ),
      );
      for (const q of [qa!, qb!]) expect(q.lines.map((l) => l.listingId)).toEqual([cheap, last]);

      const results = await Promise.all(
        [
          [a, qa!],
          [b, qb!],
        ].map(([u, q]) =>
          inject(
            u as User,
            'POST',
            'payOrder/create',
            { type: 'set', themeId: th, quoteId: (q as SetQuote).quoteId },
            { 'idempotency-key': freshKey() },
          ),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const won = results.find((r) => r.statusCode === 200)!.json().data as PayOrder;
      const lost = results.find((r) => r.statusCode === 409)!.json();
      const loser = results[0]!.statusCode === 409 ? a : b;
      // The refused buyer gets the new quote: the spare copy of card 2, and card 3 now nobody's to sell.
      const fresh = lost.data as SetQuote;
      expect(fresh.lines.map((l) => l.listingId)).toEqual([spare]);
      expect(fresh.unlisted.map((c) => c.cardInfoId)).toEqual([ids[2]]);
      expect(await t.db.select().from(payOrders).where(eq(payOrders.buyerId, loser.userId))).toEqual([]);
      const state = async () =>
        new Map(
          (
            await t.db
              .select({ id: listings.id, status: listings.status, by: listings.reservedOrderNo })
              .from(listings)
              .where(inArray(listings.id, [cheap, spare, last]))
          ).map((r) => [r.id, r]),
        );
      let s = await state();
      expect([s.get(cheap), s.get(last)].map((r) => [r!.status, r!.by])).toEqual([
        ['reserved', won.orderNo],
        ['reserved', won.orderNo],
      ]);
      expect(s.get(spare)!.status).toBe('active');

      // The winner pays; the two cards are theirs at once, and nothing stays reserved.
      await t.app.inject({ method: 'POST', url: `/pay/sandbox/${won.orderNo}/confirm` });
      const winner = loser === a ? b : a;
      const paid = (await inject(winner, 'GET', `payOrder/payCheck?orderNo=${won.orderNo}`)).json().data as PayOrder;
      expect(paid.status).toBe('paid');
      expect(paid.cards).toHaveLength(2);
      s = await state();
      expect([cheap, spare, last].map((id) => s.get(id)!.status)).toEqual(['sold', 'active', 'sold']);
      figures.push(`round ${round}: ${codes.join('/')}`);
    }
    expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);
    console.log(`set race: ${figures.join('; ')}`);
  }, 360_000);

  it('2 buyers completing the same set against the mall’s last edition (issue 44): one holds it, the other a new quote', async () => {
    const figures: string[] = [];
    for (let round = 0; round < 5; round++) {
      const th = `pm${seq++}`;
      const ids = [`${th}_c1`, `${th}_c2`, `${th}_c3`];
      await addTheme(
        t,
        th,
        ids.map((id) => ({ id, editionSize: 10 })),
        { id: `${th}_b` },
      );
      // The last card on sale in the mall, cheaper than its one listing: 8 minted, the seller's copy below makes 9, so
      // one edition is left. Both buyers hold the other cards.
      await t.db.update(cardInfos).set({ priceCents: 1_000, minted: 8 }).where(eq(cardInfos.id, ids[2]!));
      const [a, b, s1] = [await trader(t), await trader(t), await trader(t)];
      for (const u of [a, b]) for (const id of ids.slice(0, 2)) await giveCard(t, u.userId, id);
      const ask = await sell(s1, ids[2]!, 2_000);
      const quotes = await Promise.all(
        [a, b].map(
          async (u) => (await inject(u, 'GET', `theme/completionQuote?themeId=${th}`)).json().data as SetQuote,
        ),
      );
      for (const q of quotes) expect(q.lines.map((l) => [l.cardInfoId, l.source])).toEqual([[ids[2], 'mall']]);
      // Both orders meet on the mall's supply row alone.
      const results = await Promise.all(
        [a, b].map((u, i) =>
          inject(
            u,
            'POST',
            'payOrder/create',
            { type: 'set', themeId: th, quoteId: quotes[i]!.quoteId },
            { 'idempotency-key': freshKey() },
          ),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      // The other is told with a new quote: the edition gone, the card from the market.
      const lost = results.find((r) => r.statusCode === 409)!.json().data as SetQuote;
      expect(lost.lines).toMatchObject([{ cardInfoId: ids[2], source: 'market', listingId: ask }]);
      const [supply] = await t.db.select().from(cardInfos).where(eq(cardInfos.id, ids[2]!));
      expect([supply!.minted, supply!.reserved]).toEqual([9, 1]);
      const won = results.find((r) => r.statusCode === 200)!.json().data as PayOrder;
      await t.app.inject({ method: 'POST', url: `/pay/sandbox/${won.orderNo}/confirm` });
      const [after] = await t.db.select().from(cardInfos).where(eq(cardInfos.id, ids[2]!));
      expect([after!.minted, after!.reserved]).toEqual([10, 0]);
      figures.push(`round ${round}: ${codes.join('/')}`);
    }
    expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);
    console.log(`set mall race: ${figures.join('; ')}`);
  }, 360_000);
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, offers, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { giveCard, trader, transfersOf } from '../market/market.fixtures';
import { credit, newCardInfo, offerOnNewCard } from './offers.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: offer race tests need PostgreSQL (set TEST_DATABASE_URL)');

type User = { userId: string; token: string };

describe.skipIf(!TEST_DATABASE_URL)('offers under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  const call = (u: User, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { authorization: `Bearer ${u.token}` }, payload });
  const books = async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
    for (const a of audit.accounts) if (a.type !== 'provider_clearing') expect(a.summed).toBeGreaterThanOrEqual(0);
  };
  const balances = (u: User) => t.app.services.wallet.balancesOf(t.db, u.userId);

  async function openOffer(price = 10_000) {
    const seller = await trader(t);
    const buyer = await trader(t);
    await credit(t, buyer.userId, 50_000);
    const card = await giveCard(t, seller.userId, await newCardInfo(t));
    const res = await call(buyer, 'offer/create', { kind: 'card', itemId: card, price, expiresInHours: 24 });
    expect(res.statusCode).toBe(200);
    return { seller, buyer, card, id: res.json().data.id as string };
  }

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it('25 offers by one buyer at once, on 25 items: exactly 20 open (the cap is counted under the buyer lock)', async () => {
    const buyer = await trader(t);
    await credit(t, buyer.userId, 500_000);
    const seller = await trader(t);
    const items = await Promise.all(
      Array.from({ length: 25 }, async () => giveCard(t, seller.userId, await newCardInfo(t))),
    );
    const answers = await Promise.all(
      items.map((itemId) => call(buyer, 'offer/create', { kind: 'card', itemId, price: 1_000, expiresInHours: 24 })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    const refused = answers.filter((r) => r.statusCode !== 200).map((r) => r.json());
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r).toMatchObject({ code: 409, msg: '你最多可同時有 20 個進行中的出價' });
    const open = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.buyerId, buyer.userId), eq(offers.status, 'open')));
    expect(open).toHaveLength(20);
    expect(await balances(buyer)).toEqual({ balance: 500_000 - 20 * 1_000, escrow: 20 * 1_000 });
    await books();
  });

  it('two accepts of one offer at once: exactly one settles, the books balance', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, buyer, card, id } = await openOffer();
      const answers = await Promise.all([1, 2, 3, 4].map(() => call(seller, 'offer/accept', { id })));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      expect(await transfersOf(t, card)).toBe(1);
      expect((await t.db.select().from(cards).where(eq(cards.id, card)))[0]!.ownerId).toBe(buyer.userId);
      expect(await balances(buyer)).toEqual({ balance: 40_000, escrow: 0 });
      expect((await balances(seller)).balance).toBe(10_000 - 500);
    }
    await books();
  });

  it('accept against cancel: one outcome, either the sale or the refund, never both', async () => {
    const outcomes = { accepted: 0, cancelled: 0 };
    for (let round = 0; round < 8; round++) {
      const { seller, buyer, card, id } = await openOffer();
      const [acc, can] = await Promise.all([call(seller, 'offer/accept', { id }), call(buyer, 'offer/cancel', { id })]);
      expect([acc.statusCode, can.statusCode].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
      if (acc.statusCode === 200) {
        outcomes.accepted++;
        expect(row!.status).toBe('accepted');
        expect(await transfersOf(t, card)).toBe(1);
        expect(await balances(buyer)).toEqual({ balance: 40_000, escrow: 0 });
      } else {
        outcomes.cancelled++;
        expect(row!.status).toBe('cancelled');
        expect(await transfersOf(t, card)).toBe(0);
        expect(await balances(buyer)).toEqual({ balance: 50_000, escrow: 0 });
        expect((await balances(seller)).balance).toBe(0);
      }
    }
    console.info(`accept vs cancel over 8 rounds: ${JSON.stringify(outcomes)}`);
    await books();
  });

  it('two offers on one item accepted at once: one buyer gets it, the other gets the money back', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, buyer, card, id } = await openOffer();
      const rival = await trader(t);
      await credit(t, rival.userId, 50_000);
      const other = await call(rival, 'offer/create', {
        kind: 'card',
        itemId: card,
        price: 12_000,
        expiresInHours: 24,
      });
      const otherId = other.json().data.id as string;
      const answers = await Promise.all([
        call(seller, 'offer/accept', { id }),
        call(seller, 'offer/accept', { id: otherId }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await transfersOf(t, card)).toBe(1);
      const owner = (await t.db.select().from(cards).where(eq(cards.id, card)))[0]!.ownerId;
      const [winner, loser] = owner === buyer.userId ? [buyer, rival] : [rival, buyer];
      expect(owner).toBe(winner.userId);
      expect((await balances(loser)).escrow).toBe(0);
      expect((await balances(loser)).balance).toBe(50_000);
      expect((await balances(winner)).escrow).toBe(0);
    }
    await books();
  });

  it('a short buyer taps accept on a counter four times at once: one top-up order, every tap answers it', async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, buyer, made } = await offerOnNewCard(t, 25_000, 20_000);
      const id = made.data.id;
      expect((await call(seller, 'offer/counter', { id, price: 30_000 })).statusCode).toBe(200);
      const answers = await Promise.all([1, 2, 3, 4].map(() => call(buyer, 'offer/accept', { id, price: 30_000 })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const orderNos = new Set(answers.map((r) => r.json().data.orderNo as string));
      expect(orderNos.size).toBe(1);
      const topUps = await t.db
        .select()
        .from(payOrders)
        .where(and(eq(payOrders.buyerId, buyer.userId), eq(payOrders.type, 'offer_topup')));
      expect(topUps.map((o) => [o.orderNo, o.status])).toEqual([[[...orderNos][0], 'pending']]);
    }
    await books();
  });
});

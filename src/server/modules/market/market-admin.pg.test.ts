import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import { cardEvents, cards, listings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: take-down race tests need PostgreSQL (set TEST_DATABASE_URL)');

const ADMIN_PHONE = '+85291230099';

describe.skipIf(!TEST_DATABASE_URL)(
  'an operator taking listings down while buyers pay and sellers fill (PostgreSQL)',
  () => {
    let t: TestApp;
    let op: string;
    let seq = 0;
    const inject = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
    const takeDown = (id: string) => inject(op, 'admin/listings/takeDown', { id, reason: '競賽測試下架' });
    const newCardInfo = async () => {
      const id = `tdpg${seq++}`;
      await addTheme(t, id, [{ id: `${id}_c1` }]);
      return `${id}_c1`;
    };
    /** The operator's call a little later for some listings, so both sides win some races. */
    const after = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const books = async () => {
      const audit = await t.app.services.wallet.audit();
      expect(audit.unbalanced).toEqual([]);
      for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
      for (const a of audit.accounts) if (a.type !== 'provider_clearing') expect(a.summed).toBeGreaterThanOrEqual(0);
      return audit;
    };

    beforeAll(async () => {
      t = await createTestApp({
        postgres: true,
        poolSize: 20,
        env: { RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_PHONES: ADMIN_PHONE },
      });
      const { id } = await t.app.services.auth.ensureUser(ADMIN_PHONE);
      op = (await t.app.services.auth.startSession(id)).token;
    });
    afterAll(() => t?.close());

    it('take-down vs a buyer ordering and paying the same listing, ×30: one outcome each, nothing lost', async () => {
      const seller = await trader(t);
      const buyer = await trader(t);
      const ci = await newCardInfo();
      const listed: { listingId: string; card: string }[] = [];
      for (let i = 0; i < 30; i++) {
        const card = await giveCard(t, seller.userId, ci);
        const res = await inject(seller.token, 'market/create', {
          sell_type: 0,
          kind: 'card',
          itemId: card,
          price: 2_000,
        });
        listed.push({ card, listingId: (res.json().data as CreateListingResult).listing.id });
      }
      const outcomes = await Promise.all(
        listed.map(async ({ listingId, card }, i) => {
          const [bought, down] = await Promise.all([
            (async () => {
              const order = await inject(
                buyer.token,
                'payOrder/create',
                { type: 'market', listingId },
                { 'idempotency-key': freshKey() },
              );
              if (order.statusCode !== 200) return order.statusCode;
              return (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.json().data.orderNo}/confirm` }))
                .statusCode === 303
                ? 200
                : 500;
            })(),
            after(i * 50).then(() => takeDown(listingId).then((r) => r.statusCode)),
          ]);
          const [l] = await t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, listingId));
          const [c] = await t.db
            .select({ ownerId: cards.ownerId, status: cards.status })
            .from(cards)
            .where(eq(cards.id, card));
          const moved = (
            await t.db
              .select()
              .from(cardEvents)
              .where(and(eq(cardEvents.cardId, card), eq(cardEvents.kind, 'transferred')))
          ).length;
          return { bought, down, listing: l!.status, owner: c!.ownerId, cardStatus: c!.status, moved };
        }),
      );
      for (const o of outcomes) {
        if (o.down === 200) {
          expect(o).toEqual({
            bought: 409,
            down: 200,
            listing: 'taken_down',
            owner: seller.userId,
            cardStatus: 'held',
            moved: 0,
          });
        } else {
          expect(o).toEqual({
            bought: 200,
            down: 409,
            listing: 'sold',
            owner: buyer.userId,
            cardStatus: 'held',
            moved: 1,
          });
        }
      }
      const sold = outcomes.filter((o) => o.listing === 'sold').length;
      const audit = await books();
      // The seller was credited for exactly the listings sold (price − 5 % fee, HK$1 minimum: 2 000 − 100).
      expect(audit.accounts.find((a) => a.id === `user:${seller.userId}:balance`)?.summed ?? 0).toBe(sold * 1_900);
      console.log(`[race] take-down vs buy+pay ×30: sold ${sold}, taken down ${30 - sold}`);
    }, 540_000);

    it('take-down vs a holder selling into the same funded buy listing, ×20: escrow refunded or the fill settled, never both', async () => {
      const bidder = await trader(t);
      const holder = await trader(t);
      const ci = await newCardInfo();
      const bids: { listingId: string; card: string }[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await inject(
          bidder.token,
          'market/create',
          { sell_type: 1, kind: 'card', cardInfoId: ci, price: 3_000 },
          { 'idempotency-key': freshKey() },
        );
        const { listing, orderNo } = created.json().data as CreateListingResult;
        expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
        bids.push({ listingId: listing.id, card: await giveCard(t, holder.userId, ci) });
      }
      const outcomes = await Promise.all(
        bids.map(async ({ listingId, card }, i) => {
          const [fill, down] = await Promise.all([
            inject(holder.token, 'market/confirmOrder', { listingId, itemId: card }).then((r) => r.statusCode),
            after(i * 60).then(() => takeDown(listingId).then((r) => r.statusCode)),
          ]);
          const [l] = await t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, listingId));
          const [c] = await t.db.select({ ownerId: cards.ownerId }).from(cards).where(eq(cards.id, card));
          return { fill, down, listing: l!.status, owner: c!.ownerId };
        }),
      );
      for (const o of outcomes) {
        if (o.down === 200) expect(o).toEqual({ fill: 409, down: 200, listing: 'taken_down', owner: holder.userId });
        else expect(o).toEqual({ fill: 200, down: 409, listing: 'sold', owner: bidder.userId });
      }
      const filled = outcomes.filter((o) => o.listing === 'sold').length;
      const audit = await books();
      const bal = (id: string) => audit.accounts.find((a) => a.id === id)?.summed ?? 0;
      expect(bal(`user:${bidder.userId}:escrow`)).toBe(0);
      expect(bal(`user:${bidder.userId}:balance`)).toBe((20 - filled) * 3_000);
      expect(bal(`user:${holder.userId}:balance`)).toBe(filled * (3_000 - 150));
      console.log(`[race] take-down vs fill ×20: filled ${filled}, taken down ${20 - filled}`);
    }, 540_000);
  },
);

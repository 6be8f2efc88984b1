import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { listings, offers } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import type { Actor } from '../auth/auth.service';

/**
 * The offers' steps of the market property test (issue 24; test helper, not app code): make an offer on a held or
 * listed card, counter, accept, decline, cancel, each by a random user, so most are refused by a rule and some settle.
 */
const user = fc.integer({ min: 0, max: 3 });
const idx = fc.oneof(fc.nat(2), fc.nat(1000));
const price = fc.constantFrom(100, 1_000, 5_000, 20_000);
/** One entry each in the test's `oneof`, so offers come as often as listings do. */
export const offerArbitraries = [
  fc.record({ op: fc.constant('offer' as const), u: user, c: idx, price, onListing: fc.boolean(), l: idx }),
  // `turn`: acted by the side whose turn it is (else by the random user, mostly refused), so some offers settle.
  fc.record({ op: fc.constant('counter' as const), u: user, f: idx, price, turn: fc.boolean() }),
  fc.record({ op: fc.constant('accept' as const), u: user, f: idx, turn: fc.boolean() }),
  fc.record({ op: fc.constant('decline' as const), u: user, f: idx, turn: fc.boolean() }),
  fc.record({ op: fc.constant('cancelOffer' as const), u: user, f: idx }),
] as const;
export type OfferOp = (typeof offerArbitraries)[number] extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[xs.length - 1 - (i % xs.length)] : undefined);

export function offerSteps(t: TestApp, actors: Actor[], cardIds: string[], listingIds: string[]) {
  const offerIds: string[] = [];
  const counts = { made: 0, accepted: 0 };
  return {
    counts,
    async run(o: OfferOp): Promise<unknown> {
      const s = t.app.services.offers;
      if (o.op === 'offer') {
        const listingId = o.onListing ? pick(listingIds, o.l) : undefined;
        const itemId = listingId
          ? (await t.db.select({ itemId: listings.itemId }).from(listings).where(eq(listings.id, listingId)))[0]?.itemId
          : pick(cardIds, o.c);
        if (!itemId) return;
        const r = await s.create(actors[o.u]!, {
          kind: 'card',
          itemId,
          ...(listingId ? { listingId } : {}),
          price: o.price,
          expiresInHours: 24,
        });
        counts.made++;
        return offerIds.push(r.id);
      }
      const id = pick(offerIds, o.f);
      if (!id) return;
      let actor = actors[o.u]!;
      if ('turn' in o && o.turn) {
        const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
        const userId = row!.turn === 'seller' ? row!.sellerId : row!.buyerId;
        actor = actors.find((a) => a.userId === userId) ?? actor;
      }
      if (o.op === 'counter') return s.counter(actor, { id, price: o.price });
      if (o.op === 'accept') return s.accept(actor, { id }).then(() => counts.accepted++);
      if (o.op === 'decline') return s.decline(actor, id);
      return s.cancel(actor, id);
    },
    /** What a user's open offers hold in their escrow account. */
    async held(userId: string): Promise<number> {
      const [row] = await t.db
        .select({ held: sql<number>`coalesce(sum(${offers.held}), 0)::int` })
        .from(offers)
        .where(and(eq(offers.buyerId, userId), eq(offers.status, 'open')));
      return Number(row?.held ?? 0);
    },
  };
}

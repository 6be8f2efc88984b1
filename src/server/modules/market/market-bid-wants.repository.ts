import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings } from '../../db/schema/market';

/** How many copies a buy listing asks for and how many are filled (issue 44: bids say how many). */
export interface BidWant {
  quantity: number;
  filled: number;
}

/** The market rows' bids side: what the best bid of each card info / product wants. */
export const marketBidWantQueries = {
  /**
   * The best open bid's copies asked and filled per card info (`card`) or product (`goods`) of `ids`: the highest
   * price, the oldest first among equals, as the rows' best price and serial range pick it.
   */
  async bestBidWants(db: Executor, kind: 'card' | 'goods', ids: string[], now: Date): Promise<Map<string, BidWant>> {
    if (ids.length === 0) return new Map();
    const ref = kind === 'card' ? listings.cardInfoId : listings.productId;
    const rows = await db
      .selectDistinctOn([ref], { id: sql<string>`${ref}`, quantity: listings.quantity, filled: listings.filled })
      .from(listings)
      .where(
        and(
          eq(listings.sellType, 'buy'),
          eq(listings.status, 'active'),
          gt(listings.expiresAt, now),
          inArray(ref, ids),
        ),
      )
      .orderBy(asc(ref), desc(listings.price), asc(listings.createdAt));
    return new Map(rows.map((r) => [r.id, { quantity: r.quantity, filled: r.filled }]));
  },
};

import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, setQuotes, type SetQuoteLine } from '../../db/schema/market';
import type { ListingRow } from './market.repository';

export type SetQuoteRow = typeof setQuotes.$inferSelect;
export type { SetQuoteLine };

/** The set purchase's queries (decision 042): the cheapest asks, the quotes, and the reservation of a quote's listings. */
export function marketSetQueries(changed: () => void) {
  return {
    /** Per card info, its cheapest open sell listing not of `buyerId` (oldest first among equal prices). */
    async cheapestAsks(db: Executor, cardInfoIds: string[], buyerId: string, now: Date): Promise<ListingRow[]> {
      if (cardInfoIds.length === 0) return [];
      return db
        .selectDistinctOn([listings.cardInfoId])
        .from(listings)
        .where(
          and(
            eq(listings.sellType, 0),
            eq(listings.kind, 'card'),
            eq(listings.status, 'active'),
            gt(listings.expiresAt, now),
            ne(listings.userId, buyerId),
            inArray(listings.cardInfoId, cardInfoIds),
          ),
        )
        .orderBy(asc(listings.cardInfoId), asc(listings.price), asc(listings.createdAt), asc(listings.id));
    },

    async insertQuote(db: Executor, row: SetQuoteRow): Promise<void> {
      await db.insert(setQuotes).values(row);
    },

    async quote(db: Executor, id: string): Promise<SetQuoteRow | null> {
      const [row] = await db.select().from(setQuotes).where(eq(setQuotes.id, id));
      return row ?? null;
    },

    /** Drops a user's quotes created before `before` (long past their 2 minutes): quotes are kept for no record. */
    async dropOldQuotes(db: Executor, userId: string, before: Date): Promise<void> {
      await db.delete(setQuotes).where(and(eq(setQuotes.userId, userId), lt(setQuotes.createdAt, before)));
    },

    /**
     * Reserves every line's listing for `orderNo`, or none: each must still be open, not the buyer's, not expired and
     * at no more than its quoted price. The rows are locked in id order first, so two buyers of overlapping sets
     * wait for each other instead of deadlocking. Answers the listings reserved; fewer than asked means the caller
     * must roll back.
     */
    async reserveForSet(
      db: Executor,
      lines: SetQuoteLine[],
      q: { orderNo: string; buyerId: string; now: Date },
    ): Promise<ListingRow[]> {
      const ids = lines.map((l) => l.listingId).sort();
      await db
        .select({ id: listings.id })
        .from(listings)
        .where(inArray(listings.id, ids))
        .orderBy(asc(listings.id))
        .for('update');
      // Each listing at no more than its own quoted price.
      const quoted = sql`case ${listings.id} ${sql.join(
        lines.map((l) => sql`when ${l.listingId} then ${l.price}::int`),
        sql` `,
      )} end`;
      const rows = await db
        .update(listings)
        .set({ status: 'reserved', reservedOrderNo: q.orderNo, counterpartyId: q.buyerId, updatedAt: q.now })
        .where(
          and(
            inArray(listings.id, ids),
            eq(listings.sellType, 0),
            eq(listings.status, 'active'),
            gt(listings.expiresAt, q.now),
            ne(listings.userId, q.buyerId),
            sql`${listings.price} <= ${quoted}`,
          ),
        )
        .returning();
      if (rows.length > 0) changed();
      return rows;
    },

    /** The listings a pay order holds (reserved by it), in id order. */
    async reservedBy(db: Executor, orderNo: string): Promise<ListingRow[]> {
      return db
        .select()
        .from(listings)
        .where(and(eq(listings.reservedOrderNo, orderNo), eq(listings.status, 'reserved')))
        .orderBy(asc(listings.id));
    },

    /** The buy listings a pay order funds (a `bids` order's several, a `bid` order's one), in id order. */
    async fundedBy(db: Executor, orderNo: string): Promise<ListingRow[]> {
      return db
        .select()
        .from(listings)
        .where(and(eq(listings.fundingOrderNo, orderNo), eq(listings.sellType, 1)))
        .orderBy(asc(listings.id));
    },
  };
}

import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, setQuotes, type SET_QUOTE_ORDER_STATUSES, type SetQuoteLine } from '../../db/schema/market';
import type { ListingRow } from './market.repository';

export type SetQuoteRow = typeof setQuotes.$inferSelect;
export type { SetQuoteLine };
/** A quote's line from the market: a listing at its price. */
export type MarketQuoteLine = Extract<SetQuoteLine, { listingId: string }>;
type OrderStatus = (typeof SET_QUOTE_ORDER_STATUSES)[number];

/**
 * The set purchase's queries (decision 042): the cheapest asks, the quotes (bound to the order that reserved them, with
 * its mall lines: issue 44), and the reservation of a quote's listings.
 */
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
            eq(listings.sellType, 'sell'),
            eq(listings.kind, 'card'),
            eq(listings.status, 'active'),
            gt(listings.expiresAt, now),
            ne(listings.userId, buyerId),
            inArray(listings.cardInfoId, cardInfoIds),
          ),
        )
        .orderBy(asc(listings.cardInfoId), asc(listings.price), asc(listings.createdAt), asc(listings.id));
    },

    async insertQuote(db: Executor, row: typeof setQuotes.$inferInsert): Promise<void> {
      await db.insert(setQuotes).values(row);
    },

    async quote(db: Executor, id: string): Promise<SetQuoteRow | null> {
      const [row] = await db.select().from(setQuotes).where(eq(setQuotes.id, id));
      return row ?? null;
    },

    /**
     * Drops a user's quotes created before `before` (long past their 2 minutes) that no order holds: a quote bound to
     * a pending or paid order is that order's record of its lines (and its mall lines count toward the user's limits).
     */
    async dropOldQuotes(db: Executor, userId: string, before: Date): Promise<void> {
      await db
        .delete(setQuotes)
        .where(
          and(
            eq(setQuotes.userId, userId),
            lt(setQuotes.createdAt, before),
            or(isNull(setQuotes.orderNo), eq(setQuotes.orderStatus, 'released')),
          ),
        );
    },

    /**
     * Binds a quote to the order that reserved it, with the lines at the prices reserved; false when another order
     * took it already (a quote pays one order).
     */
    async bindQuote(db: Executor, id: string, o: { orderNo: string; lines: SetQuoteLine[] }): Promise<boolean> {
      const rows = await db
        .update(setQuotes)
        .set({
          orderNo: o.orderNo,
          orderStatus: 'pending',
          lines: o.lines,
          totalCents: o.lines.reduce((s, l) => s + l.price, 0),
        })
        .where(and(eq(setQuotes.id, id), isNull(setQuotes.orderNo)))
        .returning({ id: setQuotes.id });
      return rows.length === 1;
    },

    /** Moves the quote of a pending order to `to` (paid, released): its lines, or null when no pending order holds one. */
    async settleQuote(
      db: Executor,
      orderNo: string,
      to: Exclude<OrderStatus, 'pending'>,
    ): Promise<SetQuoteLine[] | null> {
      const [row] = await db
        .update(setQuotes)
        .set({ orderStatus: to })
        .where(and(eq(setQuotes.orderNo, orderNo), eq(setQuotes.orderStatus, 'pending')))
        .returning({ lines: setQuotes.lines });
      return row?.lines ?? null;
    },

    /** The lines of the quote an order reserved (any status), or null. */
    async linesOfOrder(db: Executor, orderNo: string): Promise<SetQuoteLine[] | null> {
      const [row] = await db.select({ lines: setQuotes.lines }).from(setQuotes).where(eq(setQuotes.orderNo, orderNo));
      return row?.lines ?? null;
    },

    /**
     * Per card info, how many mall editions the user's pending and paid set orders hold (their per-user limit counts
     * them beside the user's mall orders).
     */
    async mallHeld(db: Executor, userId: string, cardInfoIds: string[]): Promise<Map<string, number>> {
      if (cardInfoIds.length === 0) return new Map();
      const line = sql`jsonb_array_elements(${setQuotes.lines})`;
      const rows = await db
        .select({ id: sql<string>`l->>'cardInfoId'`, n: sql<number>`count(*)::int` })
        .from(sql`${setQuotes}, ${line} as l`)
        .where(
          and(
            eq(setQuotes.userId, userId),
            inArray(setQuotes.orderStatus, ['pending', 'paid']),
            sql`l->>'source' = 'mall'`,
            inArray(sql`l->>'cardInfoId'`, cardInfoIds),
          ),
        )
        .groupBy(sql`l->>'cardInfoId'`);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /**
     * Reserves every line's listing for `orderNo`, or none: each must still be open, not the buyer's, not expired and
     * at no more than its quoted price. The rows are locked in id order first, so two buyers of overlapping sets
     * wait for each other instead of deadlocking. Answers the listings reserved; fewer than asked means the caller
     * must roll back.
     */
    async reserveForSet(
      db: Executor,
      lines: MarketQuoteLine[],
      q: { orderNo: string; buyerId: string; now: Date },
    ): Promise<ListingRow[]> {
      if (lines.length === 0) return [];
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
            eq(listings.sellType, 'sell'),
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
        .where(and(eq(listings.fundingOrderNo, orderNo), eq(listings.sellType, 'buy')))
        .orderBy(asc(listings.id));
    },
  };
}

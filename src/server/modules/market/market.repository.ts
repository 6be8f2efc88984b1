import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ListingSide } from '../../../shared/market-labels';
import type { Executor } from '../../db/client';
import { contains } from '../../db/queries';
import { listings, marketOrders } from '../../db/schema/market';
import { marketDeskQueries } from './market-desk.repository';
import { marketSetQueries } from './market-set.repository';
import { marketViewQueries } from './market-views.repository';

export type { ListingFilters, MarketRowData, RowSort } from './market-views.repository';

export type ListingRow = typeof listings.$inferSelect;
export type ListingStatus = ListingRow['status'];
export type MarketOrderRow = typeof marketOrders.$inferSelect;
export type MarketOrderInsert = typeof marketOrders.$inferInsert;

/** Extra conditions of a transition: the pay order holding it, its bidder, not yet expired. */
export interface TransitionGuard {
  reservedBy?: string;
  fundedBy?: string;
  /** A buy listing of this bidder with no pay order yet. */
  unfundedOf?: string;
  openAt?: Date;
  /** Still at this version (its price not changed since it was read). */
  atVersion?: number;
  /** A buy listing with this many copies filled (no other fill in between). */
  atFilled?: number;
}

export interface MarketRepositoryOptions {
  /** Called after every write of a listing or a market order (public answers built from them are stale). */
  changed?: () => void;
}

export function createMarketRepository(opts: MarketRepositoryOptions = {}) {
  const changed = opts.changed ?? (() => undefined);
  return {
    ...marketViewQueries,
    ...marketDeskQueries,
    ...marketSetQueries(changed),

    /** Inserts a listing unless one with its id exists (the attempts of one Idempotency-Key): null then. */
    async insertListingOnce(db: Executor, row: typeof listings.$inferInsert): Promise<ListingRow | null> {
      const [out] = await db.insert(listings).values(row).onConflictDoNothing({ target: listings.id }).returning();
      if (out) changed();
      return out ?? null;
    },

    async listing(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<ListingRow | null> {
      const q = db.select().from(listings).where(eq(listings.id, id));
      const [row] = opts.forUpdate ? await q.for('update') : await q;
      return row ?? null;
    },

    /** A conditional step of a listing's state machine: null when it was not in one of `from` (or a guard failed). */
    async transition(
      db: Executor,
      id: string,
      from: ListingStatus[],
      set: Partial<typeof listings.$inferInsert>,
      guard: TransitionGuard = {},
    ): Promise<ListingRow | null> {
      const [row] = await db
        .update(listings)
        .set(set)
        .where(
          and(
            eq(listings.id, id),
            inArray(listings.status, from),
            guard.reservedBy ? eq(listings.reservedOrderNo, guard.reservedBy) : undefined,
            guard.fundedBy ? eq(listings.fundingOrderNo, guard.fundedBy) : undefined,
            guard.unfundedOf ? and(eq(listings.userId, guard.unfundedOf), isNull(listings.fundingOrderNo)) : undefined,
            guard.openAt ? gt(listings.expiresAt, guard.openAt) : undefined,
            guard.atVersion !== undefined ? eq(listings.version, guard.atVersion) : undefined,
            guard.atFilled !== undefined ? eq(listings.filled, guard.atFilled) : undefined,
          ),
        )
        .returning();
      if (row) changed();
      return row ?? null;
    },

    /** The next moment an open listing expires after `now` (it leaves the market views then, before any job runs). */
    async nextExpiry(db: Executor, now: Date): Promise<Date | null> {
      const [r] = await db
        .select({ at: sql<Date | null>`min(${listings.expiresAt})`.mapWith(listings.expiresAt) })
        .from(listings)
        .where(and(eq(listings.status, 'active'), gt(listings.expiresAt, now)));
      return r?.at ?? null;
    },

    async listingsOf(
      db: Executor,
      userId: string,
      q: {
        sellType: ListingSide;
        status?: ListingStatus;
        openOnly?: boolean;
        now: Date;
        limit: number;
        offset: number;
      },
    ): Promise<ListingRow[]> {
      return db
        .select()
        .from(listings)
        .where(
          and(
            eq(listings.userId, userId),
            eq(listings.sellType, q.sellType),
            q.status ? eq(listings.status, q.status) : undefined,
            q.openOnly ? and(eq(listings.status, 'active'), gt(listings.expiresAt, q.now)) : undefined,
          ),
        )
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    /** A storefront's open listings (its sales are in the seller's standing, read from the sale record). */
    async sellerStats(db: Executor, userId: string, now: Date) {
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(and(eq(listings.userId, userId), eq(listings.status, 'active'), gt(listings.expiresAt, now)));
      return { activeListings: Number(open?.n ?? 0) };
    },

    async insertOrder(db: Executor, row: MarketOrderInsert): Promise<MarketOrderRow> {
      const [out] = await db.insert(marketOrders).values(row).returning();
      changed();
      return out!;
    },

    /** pending → completed / cancelled / expired for the order of this pay order. */
    async finishOrder(
      db: Executor,
      orderNo: string,
      set: { status: 'completed' | 'cancelled' | 'expired'; completedAt?: Date },
    ): Promise<MarketOrderRow[]> {
      const rows = await db
        .update(marketOrders)
        .set(set)
        .where(and(eq(marketOrders.orderNo, orderNo), eq(marketOrders.status, 'pending')))
        .returning();
      if (rows.length > 0) changed();
      return rows;
    },

    /** Open listings past their expiry, and buy listings never funded, locked for the expiry job. */
    async due(db: Executor, now: Date, orphanBefore: Date, limit: number): Promise<ListingRow[]> {
      return db
        .select()
        .from(listings)
        .where(
          sql`(${listings.status} = 'active' AND ${listings.expiresAt} <= ${now}) OR (${listings.status} = 'pending_payment' AND ${and(isNull(listings.fundingOrderNo), lt(listings.createdAt, orphanBefore))})`,
        )
        .orderBy(asc(listings.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * Open listings expiring by `until` whose owner was not yet warned, locked with SKIP LOCKED (several instances
     * warn each once), and marked warned.
     */
    async warnExpiring(tx: Executor, now: Date, until: Date, limit: number): Promise<ListingRow[]> {
      const due = await tx
        .select()
        .from(listings)
        .where(
          and(
            eq(listings.status, 'active'),
            gt(listings.expiresAt, now),
            lte(listings.expiresAt, until),
            isNull(listings.expiryWarnedAt),
          ),
        )
        .orderBy(asc(listings.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(listings)
        .set({ expiryWarnedAt: now })
        .where(
          inArray(
            listings.id,
            due.map((l) => l.id),
          ),
        );
      return due;
    },

    /** Operators' search: any status, newest first, with the number of matches. */
    async adminList(
      db: Executor,
      f: { status?: ListingStatus; kind?: 'card' | 'goods'; sellType?: ListingSide; q?: string },
      limit: number,
      offset: number,
    ) {
      const w = and(
        f.status ? eq(listings.status, f.status) : undefined,
        f.kind ? eq(listings.kind, f.kind) : undefined,
        f.sellType !== undefined ? eq(listings.sellType, f.sellType) : undefined,
        f.q ? or(ilike(listings.itemName, contains(f.q)), eq(listings.id, f.q)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(listings)
          .where(w)
          .orderBy(desc(listings.createdAt), desc(listings.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(listings)
          .where(w),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The open (active or reserved) sell listing of an item, locked: an accepted offer closes it (issue 24). */
    async openSellListingOf(db: Executor, itemId: string): Promise<ListingRow | null> {
      const [row] = await db
        .select()
        .from(listings)
        .where(
          and(
            eq(listings.itemId, itemId),
            eq(listings.sellType, 'sell'),
            inArray(listings.status, ['active', 'reserved']),
          ),
        )
        .for('update');
      return row ?? null;
    },

    /** Whether any listing (open or closed) names this card info or product. */
    async anyListingFor(db: Executor, item: { cardInfoId: string } | { productId: string }) {
      const rows = await db
        .select({ id: listings.id })
        .from(listings)
        .where('cardInfoId' in item ? eq(listings.cardInfoId, item.cardInfoId) : eq(listings.productId, item.productId))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type MarketRepository = ReturnType<typeof createMarketRepository>;

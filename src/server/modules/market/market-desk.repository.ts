import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ListingSide } from '../../../shared/market-labels';
import type { Executor } from '../../db/client';
import { listings, listingVersions } from '../../db/schema/market';
import type { ListingStatus } from './market.repository';

export type ListingVersionRow = typeof listingVersions.$inferSelect;

/** The desk's queries: a trader's listings by status and their price versions (its trades are read from their sales). */
export const marketDeskQueries = {
  async listingsIn(
    db: Executor,
    userId: string,
    q: { sellType: ListingSide; statuses: readonly ListingStatus[]; limit: number; offset: number },
  ) {
    return db
      .select()
      .from(listings)
      .where(
        and(eq(listings.userId, userId), eq(listings.sellType, q.sellType), inArray(listings.status, [...q.statuses])),
      )
      .orderBy(desc(listings.updatedAt), desc(listings.id))
      .limit(q.limit)
      .offset(q.offset);
  },

  /** The price changes of these listings, oldest first. */
  async versions(db: Executor, listingIds: string[]): Promise<ListingVersionRow[]> {
    if (listingIds.length === 0) return [];
    return db
      .select()
      .from(listingVersions)
      .where(inArray(listingVersions.listingId, listingIds))
      .orderBy(asc(listingVersions.listingId), asc(listingVersions.version));
  },

  async insertVersion(db: Executor, row: ListingVersionRow) {
    await db.insert(listingVersions).values(row);
  },
};

import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ListingSide } from '../../../shared/market-labels';
import type { Executor } from '../../db/client';
import { contains } from '../../db/queries';
import { sellTypeSql } from '../../db/sell-type-sql';
import { listings, marketSummaries } from '../../db/schema/market';

type ListingRow = typeof listings.$inferSelect;

export interface ListingFilters {
  sellType: ListingSide;
  kind?: 'card' | 'goods';
  themeId?: string;
  cardInfoId?: string;
  productId?: string;
  productType?: number;
  rarity?: string;
  minPrice?: number;
  maxPrice?: number;
  keyword?: string;
}

function openWhere(f: ListingFilters, now: Date): SQL {
  return and(
    eq(listings.status, 'active'),
    eq(listings.sellType, f.sellType),
    gt(listings.expiresAt, now),
    f.kind ? eq(listings.kind, f.kind) : undefined,
    f.themeId ? eq(listings.themeId, f.themeId) : undefined,
    f.cardInfoId ? eq(listings.cardInfoId, f.cardInfoId) : undefined,
    f.productId ? eq(listings.productId, f.productId) : undefined,
    f.productType !== undefined ? eq(listings.productType, f.productType) : undefined,
    f.rarity ? eq(listings.rarity, f.rarity as ListingRow['rarity'] & string) : undefined,
    f.minPrice !== undefined ? gte(listings.price, f.minPrice) : undefined,
    f.maxPrice !== undefined ? lte(listings.price, f.maxPrice) : undefined,
    f.keyword ? ilike(listings.itemName, contains(f.keyword)) : undefined,
  )!;
}

export type RowSort = 'price_asc' | 'price_desc' | 'newest' | 'count';
export interface MarketRowData {
  id: string;
  name: string;
  image: string;
  rarity: ListingRow['rarity'];
  themeId: string | null;
  productType: number | null;
  best: number;
  count: number;
}

/** Per card info / product of the open listings matching `f`: what a market row shows, and its newest listing. */
function groupedColumns(f: ListingFilters & { kind: 'card' | 'goods' }) {
  const key = f.kind === 'card' ? listings.cardInfoId : listings.productId;
  return {
    id: sql<string>`${key}`.as('id'),
    name: sql<string>`max(${listings.itemName})`.as('name'),
    image: sql<string>`max(${listings.itemImage})`.as('image'),
    rarity: sql<ListingRow['rarity']>`max(${listings.rarity})`.as('rarity'),
    themeId: sql<string | null>`max(${listings.themeId})`.as('theme_id'),
    productType: sql<number | null>`max(${listings.productType})`.as('product_type'),
    best: (f.sellType === 'sell' ? sql<number>`min(${listings.price})` : sql<number>`max(${listings.price})`).as(
      'best',
    ),
    count: sql<number>`count(*)::int`.as('count'),
    newest: sql<Date>`max(${listings.createdAt})`.as('newest'),
  };
}

/** What a market rows query asks: one side of one kind, filtered and sorted, one page of it at `now`. */
type RowsQuery = [
  db: Executor,
  f: ListingFilters & { kind: 'card' | 'goods' },
  sort: RowSort,
  now: Date,
  limit: number,
  offset: number,
];

async function liveRows(...[db, f, sort, now, limit, offset]: RowsQuery): Promise<MarketRowData[]> {
  const key = f.kind === 'card' ? listings.cardInfoId : listings.productId;
  const best = f.sellType === 'sell' ? sql`min(${listings.price})` : sql`max(${listings.price})`;
  const order =
    sort === 'price_asc'
      ? asc(best)
      : sort === 'price_desc'
        ? desc(best)
        : sort === 'count'
          ? desc(sql`count(*)`)
          : desc(sql`max(${listings.createdAt})`);
  const rows = await db
    .select(groupedColumns(f))
    .from(listings)
    .where(openWhere(f, now))
    .groupBy(key)
    .orderBy(order, asc(key))
    .limit(limit)
    .offset(offset);
  return rows.map(({ newest: _, ...r }) => ({ ...r, best: Number(r.best), count: Number(r.count) }));
}

/** The market's public reads: open listings, market rows, best prices and sales (part of the market repository). */
export const marketViewQueries = {
  async listPublic(
    db: Executor,
    f: ListingFilters,
    sort: 'price_asc' | 'price_desc' | 'newest',
    now: Date,
    limit: number,
    offset: number,
  ): Promise<ListingRow[]> {
    const order =
      sort === 'newest'
        ? [desc(listings.createdAt), desc(listings.id)]
        : sort === 'price_desc'
          ? [desc(listings.price), asc(listings.id)]
          : [asc(listings.price), asc(listings.id)];
    return db
      .select()
      .from(listings)
      .where(openWhere(f, now))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  },

  /**
   * One row per card info / product with open listings on one side: best price, count. Read from the
   * maintained summaries (decision 014); a summary with a listing past its expiry that the expiry job
   * has not closed yet is recounted from its listings, as is everything when a price range is asked
   * (the summaries know each item's best price, not how many listings fall in a range).
   */
  async rows(...query: RowsQuery): Promise<MarketRowData[]> {
    const [db, f, sort, now, limit, offset] = query;
    if (f.minPrice !== undefined || f.maxPrice !== undefined) return liveRows(...query);
    const s = marketSummaries;
    const ask = f.sellType === 'sell';
    const count = ask ? s.askCount : s.bidCount;
    const nextExpiry = ask ? s.askNextExpiryAt : s.bidNextExpiryAt;
    const ofSide = and(
      eq(s.kind, f.kind),
      gt(count, 0),
      f.themeId ? eq(s.themeId, f.themeId) : undefined,
      f.rarity ? eq(s.rarity, f.rarity as ListingRow['rarity'] & string) : undefined,
      f.productType !== undefined ? eq(s.productType, f.productType) : undefined,
      f.keyword ? ilike(s.name, contains(f.keyword)) : undefined,
    );
    const fresh = db
      .select({
        id: sql<string>`${s.refId}`.as('id'),
        name: sql<string>`${s.name}`.as('name'),
        image: sql<string>`${s.image}`.as('image'),
        rarity: sql<ListingRow['rarity']>`${s.rarity}`.as('rarity'),
        themeId: sql<string | null>`${s.themeId}`.as('theme_id'),
        productType: sql<number | null>`${s.productType}`.as('product_type'),
        best: sql<number>`${ask ? s.askMin : s.bidMax}`.as('best'),
        count: sql<number>`${count}`.as('count'),
        newest: sql<Date>`${ask ? s.askNewestAt : s.bidNewestAt}`.as('newest'),
      })
      .from(s)
      .where(and(ofSide, gt(nextExpiry, now)));
    // Stale summaries (usually none or a few) recounted item by item (LATERAL, through the per-item
    // index), rather than grouping every open listing.
    const key = f.kind === 'card' ? listings.cardInfoId : listings.productId;
    const best = f.sellType === 'sell' ? sql<number>`min(${listings.price})` : sql<number>`max(${listings.price})`;
    const recount = db
      .select({
        name: sql<string>`max(${listings.itemName})`.as('r_name'),
        image: sql<string>`max(${listings.itemImage})`.as('r_image'),
        rarity: sql<ListingRow['rarity']>`max(${listings.rarity})`.as('r_rarity'),
        themeId: sql<string | null>`max(${listings.themeId})`.as('r_theme_id'),
        productType: sql<number | null>`max(${listings.productType})`.as('r_product_type'),
        best: best.as('r_best'),
        count: sql<number>`count(*)::int`.as('r_count'),
        newest: sql<Date>`max(${listings.createdAt})`.as('r_newest'),
      })
      .from(listings)
      .where(and(openWhere(f, now), eq(key, s.refId)))
      .as('recount');
    const stale = db
      .select({ id: sql<string>`${s.refId}`.as('id'), ...recount._.selectedFields })
      .from(s)
      .crossJoinLateral(recount)
      .where(and(ofSide, lte(nextExpiry, now), gt(recount.count, 0)));
    const by = sql.raw(
      sort === 'price_asc'
        ? 'best asc'
        : sort === 'price_desc'
          ? 'best desc'
          : sort === 'count'
            ? 'count desc'
            : 'newest desc',
    );
    const rows = await unionAll(fresh, stale)
      .orderBy(by, sql`id asc`)
      .limit(limit)
      .offset(offset);
    return rows.map(({ newest: _, ...r }) => ({ ...r, best: Number(r.best), count: Number(r.count) }));
  },

  /** `rows` counted from the listings themselves (the check of the summaries, and price ranges). */
  liveRows,

  /** Lowest open ask and highest open bid per card info / product. */
  async bestPrices(db: Executor, kind: 'card' | 'goods', ids: string[], now: Date) {
    if (ids.length === 0) return new Map<string, { floor: number | null; bid: number | null }>();
    const key = kind === 'card' ? listings.cardInfoId : listings.productId;
    const rows = await db
      .select({
        id: sql<string>`${key}`,
        floor: sql<number | null>`min(${listings.price}) filter (where ${listings.sellType} = ${sellTypeSql('sell')})`,
        bid: sql<number | null>`max(${listings.price}) filter (where ${listings.sellType} = ${sellTypeSql('buy')})`,
      })
      .from(listings)
      .where(and(eq(listings.status, 'active'), gt(listings.expiresAt, now), inArray(key, ids)))
      .groupBy(key);
    return new Map(
      rows.map((r) => [
        r.id,
        { floor: r.floor === null ? null : Number(r.floor), bid: r.bid === null ? null : Number(r.bid) },
      ]),
    );
  },

  /**
   * Each card info's (`card`) or product's (`goods`) best open bid (highest, oldest first among equal prices): the
   * serial range it names, if any, and how many copies it asks for and has filled (issue 44: bids say how many).
   */
  async bestBids(db: Executor, kind: 'card' | 'goods', ids: string[], now: Date) {
    type Best = { serialMin: number | null; serialMax: number | null; quantity: number; filled: number };
    if (ids.length === 0) return new Map<string, Best>();
    const ref = kind === 'card' ? listings.cardInfoId : listings.productId;
    const rows = await db
      .selectDistinctOn([ref], {
        id: sql<string>`${ref}`,
        serialMin: listings.serialMin,
        serialMax: listings.serialMax,
        quantity: listings.quantity,
        filled: listings.filled,
      })
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
    return new Map<string, Best>(rows.map(({ id, ...best }) => [id, best]));
  },
};

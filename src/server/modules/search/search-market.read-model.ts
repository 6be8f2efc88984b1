import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Rarity } from '../../../shared/constants';
import type { ItemKind } from '../../../shared/market-labels';
import { hasText, type SerialQuery } from '../../../shared/search-text';
import { and, matches, priceRange, rank, rows, type SearchFilter } from './search-sql.read-model';

/*
 * Search's market section (decision 031): open listings per item, read from `market_summaries` (decision 014), or
 * for a serial search (`#12`, `12/100`) the open sell listings of that serial, one row each.
 */

export interface ListingRow {
  kind: ItemKind;
  id: string;
  name: string;
  image: string;
  rarity: Rarity | null;
  lowestAsk: number | null;
  highestBid: number | null;
  asks: number;
  bids: number;
  listingId: string | null;
  serialLabel: string | null;
  total: number;
}

/** The matching card infos and products, as (kind, ref_id, title) rows named `d`. */
function matchedItems(f: SearchFilter): SQL {
  const plan = f.plan!;
  return sql`(SELECT d.kind, d.ref_id, d.title FROM search_docs d WHERE ${matches(plan, 'card')}
    UNION ALL SELECT d.kind, d.ref_id, d.title FROM search_docs d WHERE ${matches(plan, 'goods')}) d`;
}

const side = (f: SearchFilter) => (f.side === 'buy' ? sql`s.bid_max` : sql`s.ask_min`);

function summaryWhere(f: SearchFilter): SQL {
  return and([
    f.side === 'sell'
      ? sql`s.ask_count > 0`
      : f.side === 'buy'
        ? sql`s.bid_count > 0`
        : sql`(s.ask_count > 0 OR s.bid_count > 0)`,
    f.theme !== undefined && sql`s.theme_id = ${f.theme}`,
    f.rarity !== undefined && sql`s.rarity = ${f.rarity}`,
    priceRange(f, side(f), null),
  ]);
}

function summaryOrder(f: SearchFilter): SQL {
  const tail = sql`s.kind, s.ref_id`;
  switch (f.sort) {
    case 'price_asc':
      return sql`${side(f)} ASC NULLS LAST, ${tail}`;
    case 'price_desc':
      return sql`${side(f)} DESC NULLS LAST, ${tail}`;
    case 'newest':
      return sql`GREATEST(s.ask_newest_at, s.bid_newest_at) DESC NULLS LAST, ${tail}`;
    case 'ending':
      return sql`LEAST(s.ask_next_expiry_at, s.bid_next_expiry_at) ASC NULLS LAST, ${tail}`;
    default:
      return f.plan
        ? sql`${rank(f.plan)}, length(d.title), s.ask_count + s.bid_count DESC, ${tail}`
        : sql`s.ask_count + s.bid_count DESC, ${tail}`;
  }
}

function serialOrder(f: SearchFilter): SQL {
  switch (f.sort) {
    case 'price_desc':
      return sql`l.price DESC, l.id`;
    case 'newest':
      return sql`l.created_at DESC, l.id`;
    case 'ending':
      return sql`l.expires_at ASC, l.id`;
    default:
      return sql`l.price ASC, l.id`;
  }
}

export function createSearchMarketReadModel() {
  return {
    /**
     * Items with open listings. Summaries are kept by the listings' triggers; one whose next expiry has passed still
     * counts until the expiry job closes the listing (a minute at most), as the market rows do before their recount.
     */
    async items(db: Executor, f: SearchFilter): Promise<ListingRow[]> {
      const from = f.plan
        ? sql`${matchedItems(f)} JOIN market_summaries s ON s.kind = d.kind AND s.ref_id = d.ref_id`
        : sql`market_summaries s`;
      return rows(
        db,
        sql`SELECT s.kind, s.ref_id AS id, s.name, s.image, s.rarity, s.ask_min AS "lowestAsk", s.bid_max AS "highestBid",
          s.ask_count AS asks, s.bid_count AS bids, NULL AS "listingId", NULL AS "serialLabel", count(*) OVER ()::int AS total
        FROM ${from} WHERE ${summaryWhere(f)}
        ORDER BY ${summaryOrder(f)} LIMIT ${f.limit} OFFSET ${f.offset}`,
      );
    },

    /** Open sell listings of one serial (its ask as `lowestAsk`), narrowed by the rest of the query and the filters. */
    async serialListings(db: Executor, f: SearchFilter, serial: SerialQuery): Promise<ListingRow[]> {
      const text = !!f.plan && hasText(f.plan);
      // The page first (its listings counted by the window), then each row's item summary: 20 joins, not one per match.
      return rows(
        db,
        sql`SELECT l.kind, l.ref AS id, l.item_name AS name, l.item_image AS image, l.rarity, l.price AS "lowestAsk",
          s.bid_max AS "highestBid", COALESCE(s.ask_count, 1) AS asks, COALESCE(s.bid_count, 0) AS bids,
          l.id AS "listingId", '#' || l.serial || COALESCE('/' || l.edition_size, '') AS "serialLabel", l.total
        FROM (SELECT l.id, l.kind, COALESCE(l.card_info_id, l.product_id) AS ref, l.item_name, l.item_image, l.rarity,
            l.price, l.serial, l.edition_size, l.created_at, l.expires_at, count(*) OVER ()::int AS total
          FROM listings l
          WHERE ${and([
            sql`l.status = 'active' AND l.sell_type = 0 AND l.serial = ${serial.serial}`,
            serial.editionSize !== null && sql`l.edition_size = ${serial.editionSize}`,
            text && sql`l.card_info_id IN (SELECT d.ref_id FROM search_docs d WHERE ${matches(f.plan!, 'card')})`,
            f.theme !== undefined && sql`l.theme_id = ${f.theme}`,
            f.rarity !== undefined && sql`l.rarity = ${f.rarity}`,
            f.side === 'buy' && sql`FALSE`,
            priceRange(f, sql`l.price`, null),
          ])}
          ORDER BY ${serialOrder(f)} LIMIT ${f.limit} OFFSET ${f.offset}) l
        LEFT JOIN market_summaries s ON s.kind = l.kind AND s.ref_id = l.ref
        ORDER BY ${serialOrder(f)}`,
      );
    },
  };
}
export type SearchMarketReadModel = ReturnType<typeof createSearchMarketReadModel>;

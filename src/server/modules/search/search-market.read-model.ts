import { and as dand, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { sellTypeSql } from '../../db/sell-type-sql';
import { listings } from '../../db/schema/market';
import type { Executor } from '../../db/client';
import type { Rarity } from '../../../shared/constants';
import type { ItemKind } from '../../../shared/market-labels';
import { hasText, type SerialQuery } from '../../../shared/search-text';
import { and, matches, priceRange, rows, type SearchFilter } from './search-sql.read-model';

/*
 * Search's market section for a serial search (`#12`, `12/100`, decision 031): the open sell listings of that serial,
 * one row each (the items with open listings of any other search are read by search-matches.read-model.ts).
 */

export interface BidWant {
  quantity: number;
  filled: number;
}

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
     * How many copies the best open bid of each item asks for and how many are filled (issue 44: bids say how many),
     * keyed `<kind>:<card info or product id>`; the highest price, the oldest first among equals, as the market's rows.
     */
    async bestBidWants(db: Executor, items: { kind: ItemKind; id: string }[]): Promise<Map<string, BidWant>> {
      const cardIds = items.filter((i) => i.kind === 'card').map((i) => i.id);
      const productIds = items.filter((i) => i.kind === 'goods').map((i) => i.id);
      if (cardIds.length === 0 && productIds.length === 0) return new Map();
      const ref = sql<string>`COALESCE(${listings.cardInfoId}, ${listings.productId})`;
      const found = await db
        .selectDistinctOn([listings.kind, ref], {
          kind: listings.kind,
          id: ref,
          quantity: listings.quantity,
          filled: listings.filled,
        })
        .from(listings)
        .where(
          dand(
            eq(listings.sellType, 'buy'),
            eq(listings.status, 'active'),
            or(
              cardIds.length ? inArray(listings.cardInfoId, cardIds) : undefined,
              productIds.length ? inArray(listings.productId, productIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(listings.kind), asc(ref), desc(listings.price), asc(listings.createdAt));
      return new Map(found.map((r) => [`${r.kind}:${r.id}`, { quantity: r.quantity, filled: r.filled }]));
    },

    /** Open sell listings of one serial (its ask as `lowestAsk`), narrowed by the rest of the query and the filters. */
    async serialListings(db: Executor, f: SearchFilter, serial: SerialQuery): Promise<ListingRow[]> {
      const text = !!f.plan && hasText(f.plan);
      const where = and([
        sql`l.status = 'active' AND l.sell_type = ${sellTypeSql('sell')} AND l.serial = ${serial.serial}`,
        serial.editionSize !== null && sql`l.edition_size = ${serial.editionSize}`,
        text && sql`l.card_info_id IN (SELECT d.ref_id FROM search_docs d WHERE ${matches(f.plan!, 'card')})`,
        f.theme !== undefined && sql`l.theme_id = ${f.theme}`,
        f.rarity !== undefined && sql`l.rarity = ${f.rarity}`,
        f.side === 'buy' && sql`FALSE`,
        priceRange(f, sql`l.price`, null),
      ]);
      // The page first, then each row's item summary: 20 joins, not one per match. A serial alone (thousands of
      // listings) is counted from its index (every column it tests is in the key), not by a window reading each
      // listing; with text, the few listings of the matching cards are found by card and counted by the window.
      const total = text ? sql`count(*) OVER ()::int` : sql`(SELECT count(*)::int FROM listings l WHERE ${where})`;
      return rows(
        db,
        sql`SELECT l.kind, l.ref AS id, l.item_name AS name, l.item_image AS image, l.rarity, l.price AS "lowestAsk",
          s.bid_max AS "highestBid", COALESCE(s.ask_count, 1) AS asks, COALESCE(s.bid_count, 0) AS bids,
          l.id AS "listingId", '#' || l.serial || COALESCE('/' || l.edition_size, '') AS "serialLabel", l.total
        FROM (SELECT l.id, l.kind, COALESCE(l.card_info_id, l.product_id) AS ref, l.item_name, l.item_image, l.rarity,
            l.price, l.serial, l.edition_size, l.created_at, l.expires_at, ${total} AS total
          FROM listings l WHERE ${where}
          ORDER BY ${serialOrder(f)} LIMIT ${f.limit} OFFSET ${f.offset}) l
        LEFT JOIN market_summaries s ON s.kind = l.kind AND s.ref_id = l.ref
        ORDER BY ${serialOrder(f)}`,
      );
    },
  };
}
export type SearchMarketReadModel = ReturnType<typeof createSearchMarketReadModel>;

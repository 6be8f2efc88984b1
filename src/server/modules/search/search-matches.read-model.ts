import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ItemKind } from '../../../shared/market-labels';
import {
  and,
  bandOf,
  matches,
  missingFor,
  priceRange,
  rank,
  rows,
  type Omit,
  type SearchFilter,
} from './search-sql.read-model';
import type { CardRow, ProductRow } from './search-catalogue.read-model';
import type { ListingRow } from './search-market.read-model';

/*
 * The card infos and products a search matches, read once per request (decision 031, "one statement"): the matching
 * docs joined to their rows and market summaries a single time into `c` (cards) and `g` (products), and the card and
 * product pages, their counts, the market's items and every facet all read from those two. Before, each section and
 * facet joined the matches again, and a common word (3 500 matches) cost that join four times.
 */

export type FacetDim = 'theme' | 'rarity' | 'price';
export interface FacetRow {
  dim: FacetDim;
  key: string | null;
  count: number;
}

/** What the service asks of the statement; a part not asked is not read (null in the answer). */
export interface MatchParts {
  cards: boolean;
  goods: boolean;
  items: boolean;
  /** Facet groups: each dimension whose filter is set counted alone, those unset together. */
  facets: { dims: FacetDim[]; omit: Omit }[];
}

export interface MatchAnswer {
  cardTotal: number;
  goodsTotal: number;
  itemTotal: number;
  cards: CardRow[] | null;
  goods: ProductRow[] | null;
  items: ListingRow[] | null;
  facets: FacetRow[] | null;
}

const summary = sql`s.ask_min, s.bid_max, COALESCE(s.ask_count, 0) AS ask_count, COALESCE(s.bid_count, 0) AS bid_count,
  GREATEST(s.ask_newest_at, s.bid_newest_at) AS listed_at, LEAST(s.ask_next_expiry_at, s.bid_next_expiry_at) AS next_expiry`;

/** The matched docs of a kind joined on `on` with their rank and title length (0 and 0 without text). */
function matched(f: SearchFilter, kind: 'card' | 'goods', on: SQL) {
  if (!f.plan) return { join: sql``, rank: sql`0 AS r, 0 AS len` };
  return {
    join: sql`JOIN search_docs d ON d.ref_id = ${on} AND ${matches(f.plan, kind)}`,
    rank: sql`${rank(f.plan)} AS r, length(d.title) AS len`,
  };
}

function cardsCte(f: SearchFilter): SQL {
  const m = matched(f, 'card', sql`ci.id`);
  const missing = f.missingFor !== undefined ? sql`(${missingFor(f.missingFor)})` : sql`TRUE`;
  return sql`SELECT ci.id, ci.name, ci.name_en, ci.image, ci.rarity, ci.theme_id, ci.sort, ci.created_at, ci.sale_ends_at,
      COALESCE(s.ask_min, ci.price_cents) AS price, ${missing} AS kept, ${m.rank}, ${summary}
    FROM card_infos ci ${m.join} LEFT JOIN market_summaries s ON s.kind = 'card' AND s.ref_id = ci.id`;
}

function goodsCte(f: SearchFilter): SQL {
  const m = matched(f, 'goods', sql`p.id`);
  return sql`SELECT p.id, p.name, p.name_en, p.images, p.price_cents, p.type, p.sort, p.created_at, p.sale_ends_at,
      COALESCE(s.ask_min, p.price_cents) AS price, ${m.rank}, ${summary}
    FROM products p ${m.join} LEFT JOIN market_summaries s ON s.kind = 'goods' AND s.ref_id = p.id`;
}

/** The card filters but `omit` (a facet counts without its own). */
const cardWhere = (f: SearchFilter, omit: Omit) =>
  and([
    sql`c.kept`,
    omit !== 'theme' && f.theme !== undefined && sql`c.theme_id = ${f.theme}`,
    omit !== 'rarity' && f.rarity !== undefined && sql`c.rarity = ${f.rarity}`,
    priceRange(f, sql`c.price`, omit),
  ]);
/** Products have no theme or rarity: either filter (or 「我未擁有」) leaves them out. */
const goodsOut = (f: SearchFilter, omit: Omit) =>
  (omit !== 'theme' && f.theme !== undefined) || (omit !== 'rarity' && f.rarity !== undefined) || !!f.missingFor;
const goodsWhere = (f: SearchFilter, omit: Omit) =>
  goodsOut(f, omit) ? sql`FALSE` : (priceRange(f, sql`g.price`, omit) ?? sql`TRUE`);

function order(f: SearchFilter, x: string): SQL {
  const col = (name: string) => sql.raw(`${x}.${name}`);
  const tail = sql`${col('sort')}, ${col('id')}`;
  switch (f.sort) {
    case 'price_asc':
      return sql`${col('price')} ASC NULLS LAST, ${tail}`;
    case 'price_desc':
      return sql`${col('price')} DESC NULLS LAST, ${tail}`;
    case 'newest':
      return sql`${col('created_at')} DESC, ${tail}`;
    case 'ending':
      return sql`${col('sale_ends_at')} ASC NULLS LAST, ${tail}`;
    default:
      return sql`${col('r')}, ${col('len')}, ${tail}`;
  }
}

// The market's items: open listings per card info or product, priced by the side asked.
const side = (f: SearchFilter) => (f.side === 'buy' ? sql`i.bid_max` : sql`i.ask_min`);
function itemsWhere(f: SearchFilter): SQL {
  return and([
    f.side === 'sell'
      ? sql`i.ask_count > 0`
      : f.side === 'buy'
        ? sql`i.bid_count > 0`
        : sql`(i.ask_count > 0 OR i.bid_count > 0)`,
    f.theme !== undefined && sql`i.theme_id = ${f.theme}`,
    f.rarity !== undefined && sql`i.rarity = ${f.rarity}`,
    priceRange(f, side(f), null),
  ]);
}
function itemsOrder(f: SearchFilter): SQL {
  const tail = sql`i.kind, i.id`;
  switch (f.sort) {
    case 'price_asc':
      return sql`${side(f)} ASC NULLS LAST, ${tail}`;
    case 'price_desc':
      return sql`${side(f)} DESC NULLS LAST, ${tail}`;
    case 'newest':
      return sql`i.listed_at DESC NULLS LAST, ${tail}`;
    case 'ending':
      return sql`i.next_expiry ASC NULLS LAST, ${tail}`;
    default:
      return sql`i.r, i.len, i.ask_count + i.bid_count DESC, ${tail}`;
  }
}
const itemColumns = (kind: ItemKind) =>
  sql`${kind}::text AS kind, x.id, x.name, ${
    kind === 'card'
      ? sql`x.image, x.rarity, x.theme_id`
      : sql`COALESCE(x.images->>0, '') AS image, NULL AS rarity, NULL AS theme_id`
  }, x.r, x.len, x.ask_min, x.bid_max, x.ask_count, x.bid_count, x.listed_at, x.next_expiry`;

const COLUMN = { theme: sql`f.theme_id`, rarity: sql`f.rarity`, price: sql`f.band` };
/** Which grouping set a facet row is of (GROUPING() may name only the grouped columns). */
function dimOf(dims: FacetDim[]): SQL {
  if (dims.length === 1) return sql`${dims[0]!}::text`;
  const whens = dims.slice(0, -1).map((d) => sql`WHEN GROUPING(${COLUMN[d]}) = 0 THEN ${d}::text`);
  return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${dims[dims.length - 1]!}::text END)`;
}
function facetGroup(f: SearchFilter, dims: FacetDim[], omit: Omit): SQL {
  const keys = sql.join(
    dims.map((d) => COLUMN[d]),
    sql`, `,
  );
  return sql`SELECT ${dimOf(dims)} AS dim, COALESCE(${keys})::text AS key, count(*)::int AS count
    FROM (SELECT c.theme_id, c.rarity, ${bandOf(sql`c.price`)} AS band FROM c WHERE ${cardWhere(f, omit)}
      UNION ALL SELECT NULL, NULL, ${bandOf(sql`g.price`)} FROM g WHERE ${goodsWhere(f, omit)}) f (theme_id, rarity, band)
    GROUP BY GROUPING SETS (${sql.join(
      dims.map((d) => sql`(${COLUMN[d]})`),
      sql`, `,
    )})`;
}

const list = (query: SQL) => sql`(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${query}) x)`;
const page = (f: SearchFilter) => sql`LIMIT ${f.limit} OFFSET ${f.offset}`;

export function createSearchMatchesReadModel() {
  return {
    /** The asked parts of a search in one statement (its matches read and joined once). */
    async read(db: Executor, f: SearchFilter, parts: MatchParts): Promise<MatchAnswer> {
      const cards = list(sql`SELECT c.id, c.name, c.name_en AS "nameEn", c.image, c.rarity, c.theme_id AS "themeId",
          t.name AS "themeName", c.ask_min AS "floorPrice", c.bid_max AS "highestBid", 0 AS total
        FROM c JOIN themes t ON t.id = c.theme_id WHERE ${cardWhere(f, null)} ORDER BY ${order(f, 'c')} ${page(f)}`);
      const goods = list(sql`SELECT g.id, g.name, g.name_en AS "nameEn", g.images, g.price_cents AS price, g.type,
          g.ask_min AS "floorPrice", g.bid_max AS "highestBid", 0 AS total
        FROM g WHERE ${goodsWhere(f, null)} ORDER BY ${order(f, 'g')} ${page(f)}`);
      const items = list(sql`SELECT i.kind, i.id, i.name, i.image, i.rarity, i.ask_min AS "lowestAsk",
          i.bid_max AS "highestBid", i.ask_count AS asks, i.bid_count AS bids, NULL AS "listingId", NULL AS "serialLabel",
          0 AS total
        FROM i WHERE ${itemsWhere(f)} ORDER BY ${itemsOrder(f)} ${page(f)}`);
      const facets = parts.facets.length
        ? list(
            sql.join(
              parts.facets.map((p) => facetGroup(f, p.dims, p.omit)),
              sql` UNION ALL `,
            ),
          )
        : sql`NULL::json`;
      const [answer] = await rows<MatchAnswer>(
        db,
        sql`WITH c AS MATERIALIZED (${cardsCte(f)}), g AS MATERIALIZED (${goodsCte(f)}),
          i AS (SELECT ${itemColumns('card')} FROM c x UNION ALL SELECT ${itemColumns('goods')} FROM g x)
        SELECT (SELECT count(*)::int FROM c WHERE ${cardWhere(f, null)}) AS "cardTotal",
          (SELECT count(*)::int FROM g WHERE ${goodsWhere(f, null)}) AS "goodsTotal",
          ${parts.items ? sql`(SELECT count(*)::int FROM i WHERE ${itemsWhere(f)})` : sql`0`} AS "itemTotal",
          ${parts.cards ? cards : sql`NULL::json`} AS cards, ${parts.goods ? goods : sql`NULL::json`} AS goods,
          ${parts.items ? items : sql`NULL::json`} AS items, ${facets} AS facets`,
      );
      return answer!;
    },
  };
}
export type SearchMatchesReadModel = ReturnType<typeof createSearchMatchesReadModel>;

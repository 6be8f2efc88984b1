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
 * docs, with the columns migration 0019 keeps on them, read a single time into `c` (cards) and `g` (products), and the
 * card and product pages, their counts, the market's items and every facet all read from those two. Only a page's
 * rows are joined to their card info or product. Before, every match was joined to its row and market summary (a
 * common word: 3 500 matches, a hash of all 20 000 card infos and summaries per question).
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

// Every part reads the docs alone (migration 0019 keeps on them what it counts, filters and sorts on); only the rows of
// a page are joined to their card info / product for names and pictures.
const docColumns = (f: SearchFilter) =>
  sql`d.ref_id AS id, d.sort, d.created_at, d.sale_ends_at, COALESCE(d.ask_min, d.list_price) AS price,
    ${f.plan ? sql`${rank(f.plan)} AS r, length(d.title) AS len` : sql`0 AS r, 0 AS len`},
    d.ask_min, d.bid_max, d.ask_count, d.bid_count, d.listed_at, d.next_expiry`;
const docsOf = (f: SearchFilter, kind: 'card' | 'goods') => (f.plan ? matches(f.plan, kind) : sql`d.kind = ${kind}`);

function cardsCte(f: SearchFilter): SQL {
  const missing = f.missingFor !== undefined ? sql`(${missingFor(f.missingFor)})` : sql`TRUE`;
  return sql`SELECT ${docColumns(f)}, d.theme_id, d.rarity, ${missing} AS kept
    FROM search_docs d WHERE ${docsOf(f, 'card')}`;
}

function goodsCte(f: SearchFilter): SQL {
  return sql`SELECT ${docColumns(f)} FROM search_docs d WHERE ${docsOf(f, 'goods')}`;
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
  sql`${kind}::text AS kind, x.id, ${kind === 'card' ? sql`x.rarity, x.theme_id` : sql`NULL AS rarity, NULL AS theme_id`},
    x.r, x.len, x.ask_min, x.bid_max, x.ask_count, x.bid_count, x.listed_at, x.next_expiry`;

/** One kind's items (`i`), read from its own matches: no union of every match is built, only of two pages. */
const itemsOf = (f: SearchFilter, kind: ItemKind) =>
  sql`(SELECT ${itemColumns(kind)} FROM ${sql.raw(kind === 'card' ? 'c' : 'g')} x) i WHERE ${itemsWhere(f)}`;
/** That kind's first `offset + limit` items in the page's order (the page is cut from the two merged). */
const itemsTop = (f: SearchFilter, kind: ItemKind) =>
  sql`(SELECT * FROM ${itemsOf(f, kind)} ORDER BY ${itemsOrder(f)} LIMIT ${f.offset + f.limit})`;

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
      // Each page chosen on the docs, then joined to its rows (and ordered again: a join keeps no order).
      const cards = list(sql`SELECT c.id, ci.name, ci.name_en AS "nameEn", ci.image, c.rarity, c.theme_id AS "themeId",
          t.name AS "themeName", c.ask_min AS "floorPrice", c.bid_max AS "highestBid", 0 AS total
        FROM (SELECT * FROM c WHERE ${cardWhere(f, null)} ORDER BY ${order(f, 'c')} ${page(f)}) c
        JOIN card_infos ci ON ci.id = c.id JOIN themes t ON t.id = c.theme_id ORDER BY ${order(f, 'c')}`);
      const goods = list(sql`SELECT g.id, p.name, p.name_en AS "nameEn", p.images, p.price_cents AS price, p.type,
          g.ask_min AS "floorPrice", g.bid_max AS "highestBid", 0 AS total
        FROM (SELECT * FROM g WHERE ${goodsWhere(f, null)} ORDER BY ${order(f, 'g')} ${page(f)}) g
        JOIN products p ON p.id = g.id ORDER BY ${order(f, 'g')}`);
      const items = list(sql`SELECT i.kind, i.id, COALESCE(ci.name, p.name) AS name,
          COALESCE(ci.image, p.images->>0, '') AS image, i.rarity, i.ask_min AS "lowestAsk", i.bid_max AS "highestBid",
          i.ask_count AS asks, i.bid_count AS bids, NULL AS "listingId", NULL AS "serialLabel", 0 AS total
        FROM (SELECT * FROM (${itemsTop(f, 'card')} UNION ALL ${itemsTop(f, 'goods')}) i
          ORDER BY ${itemsOrder(f)} ${page(f)}) i
        LEFT JOIN card_infos ci ON i.kind = 'card' AND ci.id = i.id
        LEFT JOIN products p ON i.kind = 'goods' AND p.id = i.id ORDER BY ${itemsOrder(f)}`);
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
        sql`WITH c AS MATERIALIZED (${cardsCte(f)}), g AS MATERIALIZED (${goodsCte(f)})
        SELECT (SELECT count(*)::int FROM c WHERE ${cardWhere(f, null)}) AS "cardTotal",
          (SELECT count(*)::int FROM g WHERE ${goodsWhere(f, null)}) AS "goodsTotal",
          (${parts.items ? sql`(SELECT count(*) FROM ${itemsOf(f, 'card')}) + (SELECT count(*) FROM ${itemsOf(f, 'goods')})` : sql`0`})::int AS "itemTotal",
          ${parts.cards ? cards : sql`NULL::json`} AS cards, ${parts.goods ? goods : sql`NULL::json`} AS goods,
          ${parts.items ? items : sql`NULL::json`} AS items, ${facets} AS facets`,
      );
      return answer!;
    },
  };
}
export type SearchMatchesReadModel = ReturnType<typeof createSearchMatchesReadModel>;

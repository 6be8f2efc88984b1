import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Rarity } from '../../../shared/constants';
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

/*
 * Search's catalogue sections (decision 031): card infos, products, themes and sellers, each found through
 * `search_docs`, and the facet counts of the card infos and products.
 */

export type FacetDim = 'theme' | 'rarity' | 'price';

export interface CardRow {
  id: string;
  name: string;
  nameEn: string | null;
  image: string;
  rarity: Rarity;
  themeId: string;
  themeName: string;
  floorPrice: number | null;
  highestBid: number | null;
  total: number;
}
export interface ProductRow {
  id: string;
  name: string;
  nameEn: string | null;
  images: string[];
  price: number;
  type: number;
  floorPrice: number | null;
  highestBid: number | null;
  total: number;
}
export interface ThemeRow {
  id: string;
  name: string;
  nameEn: string | null;
  cover: string;
  cardCount: number;
  total: number;
}
export interface SellerRow {
  id: string;
  nickname: string;
  avatar: string | null;
  activeListings: number;
  total: number;
}

// What an item costs to buy now: its lowest ask on the market, else its mall price.
const cardPrice = sql`COALESCE(s.ask_min, ci.price_cents)`;
const productPrice = sql`COALESCE(s.ask_min, p.price_cents)`;

/** The matching docs of a kind joined on `on`, or nothing when no text is asked. */
function docJoin(f: SearchFilter, kind: 'card' | 'goods' | 'theme' | 'seller', on: SQL): SQL {
  return f.plan ? sql`JOIN search_docs d ON d.ref_id = ${on} AND ${matches(f.plan, kind)}` : sql``;
}

function cardWhere(f: SearchFilter, omit: Omit): SQL {
  return and([
    omit !== 'theme' && f.theme !== undefined && sql`ci.theme_id = ${f.theme}`,
    omit !== 'rarity' && f.rarity !== undefined && sql`ci.rarity = ${f.rarity}`,
    priceRange(f, cardPrice, omit),
    f.missingFor !== undefined && missingFor(f.missingFor),
  ]);
}
const cardFrom = (f: SearchFilter) => sql`card_infos ci ${docJoin(f, 'card', sql`ci.id`)}
  LEFT JOIN market_summaries s ON s.kind = 'card' AND s.ref_id = ci.id`;

// Products have no theme or rarity: either filter leaves them out.
const goodsExcluded = (f: SearchFilter, omit: Omit) =>
  (omit !== 'theme' && f.theme !== undefined) || (omit !== 'rarity' && f.rarity !== undefined) || !!f.missingFor;
const productWhere = (f: SearchFilter, omit: Omit) => and([priceRange(f, productPrice, omit)]);
const productFrom = (f: SearchFilter) => sql`products p ${docJoin(f, 'goods', sql`p.id`)}
  LEFT JOIN market_summaries s ON s.kind = 'goods' AND s.ref_id = p.id`;

function order(f: SearchFilter, price: SQL, created: SQL, ends: SQL, tail: SQL): SQL {
  switch (f.sort) {
    case 'price_asc':
      return sql`${price} ASC NULLS LAST, ${tail}`;
    case 'price_desc':
      return sql`${price} DESC NULLS LAST, ${tail}`;
    case 'newest':
      return sql`${created} DESC, ${tail}`;
    case 'ending':
      return sql`${ends} ASC NULLS LAST, ${tail}`;
    default:
      return f.plan ? sql`${rank(f.plan)}, length(d.title), ${tail}` : tail;
  }
}

const COLUMN = { theme: sql`x.theme_id`, rarity: sql`x.rarity`, price: sql`x.band` };
/** Which grouping set a facet row is of (GROUPING() may name only the grouped columns). */
function dimOf(dims: FacetDim[]): SQL {
  if (dims.length === 1) return sql`${dims[0]!}::text`;
  const whens = dims.slice(0, -1).map((d) => sql`WHEN GROUPING(${COLUMN[d]}) = 0 THEN ${d}::text`);
  return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${dims[dims.length - 1]!}::text END)`;
}

const page = (f: SearchFilter) => sql`LIMIT ${f.limit} OFFSET ${f.offset}`;

export function createSearchCatalogueReadModel() {
  return {
    async cards(db: Executor, f: SearchFilter): Promise<CardRow[]> {
      return rows(
        db,
        sql`SELECT ci.id, ci.name, ci.name_en AS "nameEn", ci.image, ci.rarity, ci.theme_id AS "themeId",
          t.name AS "themeName", s.ask_min AS "floorPrice", s.bid_max AS "highestBid", count(*) OVER ()::int AS total
        FROM ${cardFrom(f)} JOIN themes t ON t.id = ci.theme_id
        WHERE ${cardWhere(f, null)}
        ORDER BY ${order(f, cardPrice, sql`ci.created_at`, sql`ci.sale_ends_at`, sql`ci.sort, ci.id`)} ${page(f)}`,
      );
    },

    async cardCount(db: Executor, f: SearchFilter): Promise<number> {
      const [r] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${cardFrom(f)} WHERE ${cardWhere(f, null)}`,
      );
      return r?.n ?? 0;
    },

    async products(db: Executor, f: SearchFilter): Promise<ProductRow[]> {
      if (goodsExcluded(f, null)) return [];
      return rows(
        db,
        sql`SELECT p.id, p.name, p.name_en AS "nameEn", p.images, p.price_cents AS price, p.type,
          s.ask_min AS "floorPrice", s.bid_max AS "highestBid", count(*) OVER ()::int AS total
        FROM ${productFrom(f)}
        WHERE ${productWhere(f, null)}
        ORDER BY ${order(f, productPrice, sql`p.created_at`, sql`p.sale_ends_at`, sql`p.sort, p.id`)} ${page(f)}`,
      );
    },

    async productCount(db: Executor, f: SearchFilter): Promise<number> {
      if (goodsExcluded(f, null)) return 0;
      const [r] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${productFrom(f)} WHERE ${productWhere(f, null)}`,
      );
      return r?.n ?? 0;
    },

    async themes(db: Executor, f: SearchFilter): Promise<ThemeRow[]> {
      return rows(
        db,
        sql`SELECT t.id, t.name, t.name_en AS "nameEn", t.cover,
          (SELECT count(*)::int FROM card_infos c WHERE c.theme_id = t.id) AS "cardCount", count(*) OVER ()::int AS total
        FROM themes t ${docJoin(f, 'theme', sql`t.id`)}
        WHERE ${f.theme !== undefined ? sql`t.id = ${f.theme}` : sql`TRUE`}
        ORDER BY ${f.plan ? sql`${rank(f.plan)}, ` : sql``}t.sort, t.id ${page(f)}`,
      );
    },

    /**
     * Users by nickname (a text is required): counted and ranked on their docs alone (a disabled user has none), then
     * the page's users read, with their open sell listings counted for the page only.
     */
    async sellers(db: Executor, f: SearchFilter): Promise<SellerRow[]> {
      if (!f.plan) return [];
      return rows(
        db,
        sql`SELECT u.id, u.nickname, u.avatar, p.total,
          (SELECT count(*)::int FROM listings l
            WHERE l.user_id = u.id AND l.sell_type = 0 AND l.status = 'active') AS "activeListings"
        FROM (SELECT d.ref_id, count(*) OVER ()::int AS total, ${rank(f.plan)} AS r, length(d.title) AS len
          FROM search_docs d WHERE ${matches(f.plan, 'seller')}
          ORDER BY r, len, d.ref_id ${page(f)}) p
        JOIN users u ON u.id = p.ref_id
        ORDER BY p.r, p.len, u.id`,
      );
    },

    /**
     * Facet counts of the card infos (theme, rarity) and of card infos and products (price band, by the lowest ask,
     * else the mall price) in one statement: `omit` is the filter these counts leave out (their own; the service
     * asks once for the facets whose filter is unset, and once more for each whose filter is set).
     */
    async facets(db: Executor, f: SearchFilter, dims: FacetDim[], omit: Omit) {
      const goods = goodsExcluded(f, omit)
        ? sql``
        : sql`UNION ALL SELECT NULL, NULL, ${bandOf(productPrice)} FROM ${productFrom(f)} WHERE ${productWhere(f, omit)}`;
      const sets = dims.map((d) => sql`(${COLUMN[d]})`);
      return rows<{ dim: FacetDim; key: string | null; count: number }>(
        db,
        sql`SELECT ${dimOf(dims)} AS dim, COALESCE(${sql.join(
          dims.map((d) => COLUMN[d]),
          sql`, `,
        )}) AS key, count(*)::int AS count
        FROM (SELECT ci.theme_id, ci.rarity, ${bandOf(cardPrice)} AS band FROM ${cardFrom(f)} WHERE ${cardWhere(f, omit)}
          ${goods}) x (theme_id, rarity, band)
        GROUP BY GROUPING SETS (${sql.join(sets, sql`, `)})`,
      );
    },
  };
}
export type SearchCatalogueReadModel = ReturnType<typeof createSearchCatalogueReadModel>;

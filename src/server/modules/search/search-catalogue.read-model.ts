import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sellTypeSql } from '../../db/sell-type-sql';
import type { Rarity } from '../../../shared/constants';
import { matches, rank, rows, type SearchFilter } from './search-sql.read-model';

/*
 * Search's themes and sellers (decision 031), each found through `search_docs`; card infos, products and their facets
 * are read in one statement by search-matches.read-model.ts.
 */

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

/** The matching docs of a kind joined on `on`, or nothing when no text is asked. */
function docJoin(f: SearchFilter, kind: 'theme', on: SQL): SQL {
  return f.plan ? sql`JOIN search_docs d ON d.ref_id = ${on} AND ${matches(f.plan, kind)}` : sql``;
}

const page = (f: SearchFilter) => sql`LIMIT ${f.limit} OFFSET ${f.offset}`;

export function createSearchCatalogueReadModel() {
  return {
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
            WHERE l.user_id = u.id AND l.sell_type = ${sellTypeSql('sell')} AND l.status = 'active') AS "activeListings"
        FROM (SELECT d.ref_id, count(*) OVER ()::int AS total, ${rank(f.plan)} AS r, length(d.title) AS len
          FROM search_docs d WHERE ${matches(f.plan, 'seller')}
          ORDER BY r, len, d.ref_id ${page(f)}) p
        JOIN users u ON u.id = p.ref_id
        ORDER BY p.r, p.len, u.id`,
      );
    },
  };
}
export type SearchCatalogueReadModel = ReturnType<typeof createSearchCatalogueReadModel>;

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { forKind, type QueryPlan, type SearchDocKind } from '../../../shared/search-text';
import type { Rarity } from '../../../shared/constants';
import { PRICE_BANDS, type SearchSort } from '../../../shared/schemas/search';

/*
 * The SQL pieces every search read shares (decision 031): matching `search_docs` through its GIN index, the filters,
 * and running raw statements on either driver.
 */

/** A search's filters, checked by the service. */
export interface SearchFilter {
  /** Null: no text asked (filters only). */
  plan: QueryPlan | null;
  theme?: string;
  rarity?: Rarity;
  minPrice?: number;
  maxPrice?: number;
  side?: 'sell' | 'buy';
  /** 「我未擁有」: card infos of themes this user has started that they hold no copy of. */
  missingFor?: string;
  sort: SearchSort;
  limit: number;
  offset: number;
}

/** Which filter a facet count leaves out (its own). */
export type Omit = 'theme' | 'rarity' | 'price' | null;

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const textArray = (tokens: string[]) =>
  sql`ARRAY[${sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

/** `d` (a `search_docs` row of `kind`) matches the plan: every required token, and one of each word's group. */
export function matches(plan: QueryPlan, kind: SearchDocKind): SQL {
  const { all, any } = forKind(plan, kind);
  // The tokens carry the kind, so the GIN index alone selects the kind's docs (a `d.kind =` test would make the
  // planner AND in the primary key's index). A plan with no token matches nothing.
  const parts: SQL[] = [];
  if (all.length) parts.push(sql`d.tokens @> ${textArray(all)}`);
  for (const group of any) parts.push(sql`d.tokens && ${textArray(group)}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`FALSE`;
}

/** 0 exact name, 1 name starts with the query, 2 contains it, 3 found otherwise (English name, typo, bigrams apart). */
export function rank(plan: QueryPlan | null): SQL {
  if (!plan || !plan.text) return sql`0::int`;
  const t = plan.text;
  return sql`(CASE WHEN d.title = ${t}::text THEN 0 WHEN starts_with(d.title, ${t}::text) THEN 1 WHEN strpos(d.title, ${t}::text) > 0 THEN 2 ELSE 3 END)`;
}

export const and = (parts: (SQL | null | false | undefined)[]): SQL => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` AND `) : sql`TRUE`;
};

/** Price range on an expression; null when no range is asked or `omit` is the price. */
export function priceRange(f: SearchFilter, price: SQL, omit: Omit): SQL | null {
  if (omit === 'price' || (f.minPrice === undefined && f.maxPrice === undefined)) return null;
  return and([
    sql`${price} IS NOT NULL`,
    f.minPrice !== undefined && sql`${price} >= ${f.minPrice}`,
    f.maxPrice !== undefined && sql`${price} <= ${f.maxPrice}`,
  ]);
}

/** The card infos `userId` has no live copy of, in themes they hold at least one card of (alias `d`, a card's doc). */
export function missingFor(userId: string): SQL {
  return sql`d.theme_id IN (
      SELECT DISTINCT o.theme_id FROM cards c JOIN card_infos o ON o.id = c.card_info_id
      WHERE c.owner_id = ${userId} AND c.status <> 'consumed')
    AND NOT EXISTS (
      SELECT 1 FROM cards c WHERE c.owner_id = ${userId} AND c.card_info_id = d.ref_id AND c.status <> 'consumed')`;
}

/** The price bands of `PRICE_BANDS` as a CASE on `price`. */
export function bandOf(price: SQL): SQL {
  const whens = PRICE_BANDS.map((b) =>
    b.max === null ? sql`ELSE ${b.key}` : sql`WHEN ${price} < ${b.max} THEN ${b.key}`,
  );
  return sql`(CASE ${sql.join(whens, sql` `)} END)`;
}

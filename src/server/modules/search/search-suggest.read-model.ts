import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sellTypeSql } from '../../db/sell-type-sql';
import type { QueryPlan, SearchDocKind } from '../../../shared/search-text';
import type { Suggestion } from '../../../shared/schemas/search';
import { matches, rank, rows } from './search-sql.read-model';

const KINDS: { kind: SearchDocKind; as: Suggestion['kind']; join: SQL }[] = [
  { kind: 'theme', as: 'theme', join: sql`JOIN themes x ON x.id = d.ref_id` },
  { kind: 'card', as: 'card', join: sql`JOIN card_infos x ON x.id = d.ref_id` },
  { kind: 'goods', as: 'goods', join: sql`JOIN products x ON x.id = d.ref_id` },
];

const SELLER_POOL = 50;

/** Completions as the user types (decision 031): the best few of each kind, best first. */
export function createSearchSuggestReadModel() {
  return {
    async suggest(db: Executor, plan: QueryPlan, limit: number) {
      const parts = KINDS.map(
        (
          k,
          i,
        ) => sql`(SELECT ${k.as}::text AS kind, x.id, x.name AS text, ${rank(plan)} AS r, ${i}::int AS k, length(d.title) AS len
          FROM search_docs d ${k.join} WHERE ${matches(plan, k.kind)} ORDER BY r, len, x.id LIMIT ${limit})`,
      );
      // Sellers: only those selling something, so a suggestion leads somewhere; looked for among the best few
      // dozen nicknames (a common character is in thousands).
      parts.push(sql`(SELECT 'seller' AS kind, x.id, x.nickname AS text, p.r, 3 AS k, p.len
          FROM (SELECT d.ref_id, ${rank(plan)} AS r, length(d.title) AS len FROM search_docs d
            WHERE ${matches(plan, 'seller')} ORDER BY r, len, d.ref_id LIMIT ${SELLER_POOL}) p
          JOIN users x ON x.id = p.ref_id
          WHERE EXISTS (SELECT 1 FROM listings l WHERE l.user_id = x.id AND l.sell_type = ${sellTypeSql('sell')} AND l.status = 'active')
          ORDER BY p.r, p.len, x.id LIMIT ${limit})`);
      return rows<Suggestion>(
        db,
        sql`SELECT kind, id, text FROM (${sql.join(parts, sql` UNION ALL `)}) s ORDER BY r, k, len, id LIMIT ${limit}`,
      );
    },
  };
}

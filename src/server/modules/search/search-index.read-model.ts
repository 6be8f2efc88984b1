import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { SearchDocKind } from '../../../shared/search-text';
import { rows } from './search-sql.read-model';

/** What a search doc is made of: the row's names (decision 031). */
export interface DocSource {
  kind: SearchDocKind;
  id: string;
  name: string;
  nameEn: string | null;
}

// A disabled user is no seller to find: only active users have a doc.
const SOURCES: Record<SearchDocKind, { table: string; nameEn: boolean; name: string; where: string }> = {
  card: { table: 'card_infos', nameEn: true, name: 'name', where: 'TRUE' },
  goods: { table: 'products', nameEn: true, name: 'name', where: 'TRUE' },
  theme: { table: 'themes', nameEn: true, name: 'name', where: 'TRUE' },
  seller: { table: 'users', nameEn: false, name: 'nickname', where: "x.status = 'active'" },
};

function source(kind: SearchDocKind) {
  const s = SOURCES[kind];
  return {
    table: sql.identifier(s.table),
    name: sql.identifier(s.name),
    nameEn: s.nameEn ? sql`x.name_en` : sql`NULL::text`,
    where: sql.raw(s.where),
  };
}

/** The catalogue's and the users' names, read for the search docs (never written here). */
export function createSearchIndexReadModel() {
  return {
    /** The rows `ids` of a kind (a deleted one is absent). */
    async sources(db: Executor, kind: SearchDocKind, ids: string[]): Promise<DocSource[]> {
      if (!ids.length) return [];
      const s = source(kind);
      return rows(
        db,
        sql`SELECT ${kind} AS kind, x.id, x.${s.name} AS name, ${s.nameEn} AS "nameEn" FROM ${s.table} x
        WHERE ${s.where} AND x.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    },

    async themeExists(db: Executor, id: string): Promise<boolean> {
      return (await rows(db, sql`SELECT 1 FROM themes WHERE id = ${id}`)).length > 0;
    },

    /** Up to `limit` rows of a kind that have no search doc yet (a database from before decision 031). */
    async unindexed(db: Executor, kind: SearchDocKind, limit: number): Promise<DocSource[]> {
      const s = source(kind);
      return rows(
        db,
        sql`SELECT ${kind} AS kind, x.id, x.${s.name} AS name, ${s.nameEn} AS "nameEn" FROM ${s.table} x
        WHERE ${s.where} AND NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.kind = ${kind} AND d.ref_id = x.id)
        ORDER BY x.id LIMIT ${limit}`,
      );
    },
  };
}
export type SearchIndexReadModel = ReturnType<typeof createSearchIndexReadModel>;

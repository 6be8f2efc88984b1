import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { searchDocs } from '../../db/schema/search';
import type { SearchDocKind } from '../../../shared/search-text';

export interface SearchDocRow {
  kind: SearchDocKind;
  refId: string;
  title: string;
  tokens: string[];
}

/** `search_docs`: written in the transaction of the change they follow (decision 031). */
export function createSearchRepository() {
  return {
    async upsert(db: Executor, docs: SearchDocRow[]): Promise<void> {
      if (!docs.length) return;
      await db
        .insert(searchDocs)
        .values(docs)
        .onConflictDoUpdate({
          target: [searchDocs.kind, searchDocs.refId],
          set: { title: sql`excluded.title`, tokens: sql`excluded.tokens` },
        });
    },

    /**
     * Copies onto the docs of these card infos / products what search counts, filters and sorts on (decision 031):
     * their catalogue columns and their market summary (`search_doc_sync`, migration 0019; the market's columns are
     * kept current afterwards by a trigger on the summaries).
     */
    async syncColumns(db: Executor, kind: SearchDocKind, ids: string[]): Promise<void> {
      if (!ids.length || (kind !== 'card' && kind !== 'goods')) return;
      const refs = sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
      await db.execute(sql`SELECT search_doc_sync(${kind}, ${refs})`);
    },

    async remove(db: Executor, kind: SearchDocKind, ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db.delete(searchDocs).where(and(eq(searchDocs.kind, kind), inArray(searchDocs.refId, ids)));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

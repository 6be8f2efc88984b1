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

    async remove(db: Executor, kind: SearchDocKind, ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db.delete(searchDocs).where(and(eq(searchDocs.kind, kind), inArray(searchDocs.refId, ids)));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

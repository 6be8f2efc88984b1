import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * What search matches (docs/decisions/031-search-index.md): one row per card info, product, theme and user, its
 * `tokens` made by `src/shared/search-text.ts` (CJK unigrams and bigrams, English words, their prefixes and
 * one-deletion variants, all prefixed with the kind) and read through a GIN index. Written by the search module in the
 * transaction that changes the row it describes, and by the demo seed.
 */
export const searchDocs = pgTable(
  'search_docs',
  {
    kind: text({ enum: ['card', 'goods', 'theme', 'seller'] }).notNull(),
    refId: text().notNull(),
    /** The name, normalised like the query (Simplified, lower case): relevance compares it with the query. */
    title: text().notNull(),
    tokens: text().array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    // No pending list (fastupdate): names change rarely, and every search would otherwise scan the unmerged
    // entries of recent writes.
    index('search_docs_tokens_idx').using('gin', t.tokens).with({ fastupdate: false }),
  ],
);

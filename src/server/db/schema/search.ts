import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

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
    // Card infos and products only (null on themes and sellers): what a search counts, filters, sorts and facets on,
    // so a question reads its matches here without joining each to its row and market summary (decision 031,
    // migration 0019). Copied from the card info / product by `search.index` in the catalogue's transaction...
    themeId: text(),
    rarity: text({ enum: ['N', 'R', 'SR', 'SSR', 'UR'] }),
    /** The catalogue price (card infos may have none). */
    listPrice: integer(),
    sort: integer(),
    createdAt: ts(),
    saleEndsAt: ts(),
    // ...and from its market summary by a trigger on `market_summaries`, in the transaction that changes a listing
    // (whose own triggers, migration 0004, refresh the summary).
    askMin: integer(),
    bidMax: integer(),
    askCount: integer().notNull().default(0),
    bidCount: integer().notNull().default(0),
    /** The newest open listing of either side. */
    listedAt: ts(),
    /** The next expiry of either side. */
    nextExpiry: ts(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    // No pending list (fastupdate): names change rarely, and every search would otherwise scan the unmerged
    // entries of recent writes.
    index('search_docs_tokens_idx').using('gin', t.tokens).with({ fastupdate: false }),
  ],
);

import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { invalid } from '../../errors';
import type { Actor } from '../../../shared/actor';
import { RARITIES } from '../../../shared/constants';
import { ITEM_KINDS } from '../../../shared/market-labels';
import {
  PRICE_BANDS,
  type SearchQuery,
  type SearchResult,
  type SuggestResultSchema,
} from '../../../shared/schemas/search';
import { docTokens, hasText, normalise, planQuery, type SearchDocKind } from '../../../shared/search-text';
import type { z } from 'zod';
import { createSearchCatalogueReadModel } from './search-catalogue.read-model';
import { createSearchMatchesReadModel, type MatchParts } from './search-matches.read-model';
import { createSearchIndexReadModel, type DocSource } from './search-index.read-model';
import { createSearchMarketReadModel } from './search-market.read-model';
import { createSearchSuggestReadModel } from './search-suggest.read-model';
import type { SearchFilter } from './search-sql.read-model';
import { createSearchRepository } from './search.repository';
import { presentSections } from './search-presenters';
import { remembered, SEARCH_CACHE_TAG } from './search-answers';

/** Suggestions per answer. */
export const SUGGEST_MAX = 8;
/** Rows a backfill indexes per statement. */
const BACKFILL_BATCH = 2000;

const priced = (f: SearchFilter) => f.minPrice !== undefined || f.maxPrice !== undefined;
const countOf = (rows: { dim: string; key: string | null; count: number }[], dim: string, key: string) =>
  rows.find((r) => r.dim === dim && r.key === key)?.count ?? 0;

const docOf = (s: DocSource) => ({
  kind: s.kind,
  refId: s.id,
  title: normalise(s.name),
  tokens: docTokens(s.kind, [s.name, s.nameEn]),
});

/** Search across the catalogue, the market and sellers (issue 22, docs/decisions/031-search-index.md). */
export function createSearchService(deps: Pick<Deps, 'db' | 'publicCache'>) {
  const repo = createSearchRepository();
  const sources = createSearchIndexReadModel();
  const catalogue = createSearchCatalogueReadModel();
  const market = createSearchMarketReadModel();
  const matches = createSearchMatchesReadModel();
  const suggestions = createSearchSuggestReadModel();

  /** The filter of a query, or a zh-HK 400 for what the schema cannot tell. */
  async function filterOf(actor: Actor | null, q: SearchQuery): Promise<SearchFilter> {
    const narrowed = q.theme ?? q.rarity ?? q.minPrice ?? q.maxPrice ?? q.side ?? (q.missing || undefined);
    if (q.q === undefined && narrowed === undefined) throw invalid('請輸入「搜尋字詞」或選擇篩選條件');
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice)
      throw invalid('「最低價格」不能高於「最高價格」');
    if (q.missing && !actor) throw invalid('請先登入，才可篩選「我未擁有」');
    if (q.theme !== undefined && !(await sources.themeExists(deps.db, q.theme))) throw invalid('找不到此卡冊');
    return {
      plan: q.q === undefined ? null : planQuery(q.q),
      theme: q.theme,
      rarity: q.rarity,
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
      side: q.side,
      missingFor: q.missing && actor ? actor.userId : undefined,
      sort: q.sort,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    };
  }

  /** A page of a section with the count of all its rows (the first row's `total`; counted again past the end). */
  async function section<R extends { total: number }>(f: SearchFilter, read: (f: SearchFilter) => Promise<R[]>) {
    const list = await read(f);
    if (list.length || f.offset === 0) return { list, total: list[0]?.total ?? 0 };
    const first = await read({ ...f, offset: 0, limit: 1 });
    return { list, total: first[0]?.total ?? 0 };
  }
  const none = { list: [], total: 0 };

  /** The facet groups: each facet counted without its own filter (those whose filter is unset share one group). */
  function facetGroups(f: SearchFilter): MatchParts['facets'] {
    const set = { theme: f.theme !== undefined, rarity: f.rarity !== undefined, price: priced(f) };
    const dims = (['theme', 'rarity', 'price'] as const).filter((d) => !set[d]);
    const groups: MatchParts['facets'] = (['theme', 'rarity', 'price'] as const)
      .filter((d) => set[d])
      .map((d) => ({ dims: [d], omit: d }));
    if (dims.length) groups.push({ dims, omit: null });
    return groups;
  }

  async function index(db: Executor, kind: SearchDocKind, ids: string[]) {
    const found = await sources.sources(db, kind, ids);
    await repo.upsert(db, found.map(docOf));
    await repo.syncColumns(
      db,
      kind,
      found.map((s) => s.id),
    );
    const gone = ids.filter((id) => !found.some((s) => s.id === id));
    await repo.remove(db, kind, gone);
    // Kept answers may hold the old name (or miss the new one): dropped now and once this transaction commits.
    deps.publicCache.invalidate(SEARCH_CACHE_TAG);
  }

  return {
    /**
     * The same for every caller but with 「我未擁有」 (which reads the caller): those answers are kept in memory until a
     * write changes them (search-answers.ts); the checks of the query run first, so bad input is never kept.
     */
    async search(actor: Actor | null, q: SearchQuery): Promise<SearchResult> {
      const f = await filterOf(actor, q);
      if (f.missingFor !== undefined) return searchNow(f, q);
      return remembered(deps.publicCache, `search?${JSON.stringify(q)}`, () => searchNow(f, q));
    },

    async suggest(q: string): Promise<z.infer<typeof SuggestResultSchema>> {
      const plan = planQuery(q);
      if (!hasText(plan)) return { list: [] };
      return remembered(deps.publicCache, `search/suggest?${JSON.stringify(q)}`, async () => ({
        list: await suggestions.suggest(deps.db, plan, SUGGEST_MAX),
      }));
    },

    /**
     * Brings the search docs of these rows up to date inside the caller's transaction (a row gone loses its doc):
     * the catalogue's back office after each change, the account module after a nickname is set.
     */
    index,
    backfill,
  };

  async function searchNow(f: SearchFilter, q: SearchQuery): Promise<SearchResult> {
    const db = deps.db;
    // A serial alone (`#12`) asks for listings only; text is needed to name anything else.
    const text = !f.plan || hasText(f.plan);
    const itemFilter = f.rarity ?? f.minPrice ?? f.maxPrice ?? f.side ?? f.missingFor;
    const want = (t: NonNullable<SearchQuery['type']>) => !q.type || q.type === t;
    const serial = f.plan?.serial ?? null;
    // Only punctuation: nothing to match (without this, the listings would all come back).
    const nothing = !text && !serial;
    const parts: MatchParts = {
      cards: want('card') && text,
      goods: want('goods') && text,
      items: want('listing') && !nothing && !serial,
      facets: text ? facetGroups(f) : [],
    };
    const [m, themes, sellers, serialRows] = await Promise.all([
      text ? matches.read(db, f, parts) : null,
      want('theme') && text && itemFilter === undefined ? section(f, (g) => catalogue.themes(db, g)) : none,
      want('seller') && text && itemFilter === undefined && f.theme === undefined
        ? section(f, (g) => catalogue.sellers(db, g))
        : none,
      want('listing') && serial ? section(f, (g) => market.serialListings(db, g, serial)) : none,
    ]);
    const facetRows = m?.facets ?? [];
    // The kind facet ignores `type`: a section left out is counted anyway.
    const [cardTotal, goodsTotal] = text && m ? [m.cardTotal, m.goodsTotal] : [0, 0];
    const cards = { list: m?.cards ?? [], total: parts.cards ? cardTotal : 0 };
    const goods = { list: m?.goods ?? [], total: parts.goods ? goodsTotal : 0 };
    const listings = parts.items ? { list: m?.items ?? [], total: m?.itemTotal ?? 0 } : serialRows;
    const wants = await market.bestBidWants(db, listings.list);
    return presentSections({
      wants,
      cards,
      goods,
      themes,
      sellers,
      listings,
      facets: {
        theme: facetRows
          .filter((r) => r.dim === 'theme' && r.key !== null)
          .map((r) => ({ key: r.key!, count: r.count }))
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
        rarity: RARITIES.map((key) => ({ key, count: countOf(facetRows, 'rarity', key) })),
        kind: ITEM_KINDS.map((key) => ({ key, count: key === 'card' ? cardTotal : goodsTotal })),
        price: PRICE_BANDS.map((b) => ({ key: b.key, count: countOf(facetRows, 'price', b.key) })),
      },
    });
  }

  /** Indexes every row without a doc (a database from before decision 031, or rows bulk-loaded): run at start. */
  async function backfill(): Promise<number> {
    let total = 0;
    for (const kind of ['theme', 'card', 'goods', 'seller'] as const) {
      for (;;) {
        const batch = await sources.unindexed(deps.db, kind, BACKFILL_BATCH);
        if (!batch.length) break;
        await repo.upsert(deps.db, batch.map(docOf));
        await repo.syncColumns(
          deps.db,
          kind,
          batch.map((s) => s.id),
        );
        total += batch.length;
      }
    }
    return total;
  }
}
export type SearchService = ReturnType<typeof createSearchService>;

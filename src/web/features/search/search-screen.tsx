import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchResult, SearchType } from '../../../shared/schemas/search';
import { EmptyState, ErrorState, LoadingState, StateButton } from '../../components/state-views';
import { useSession } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { search } from './api/search';
import { SearchBox } from '../../components/search-box';
import { SearchFilters } from './components/search-filters';
import { SearchSections } from './components/search-sections';
import {
  canSearch,
  hasFilters,
  NO_FILTERS,
  readSearchState,
  searchRequest,
  TYPE_LABELS,
  TYPE_PAGE_SIZE,
} from './search-params';
import './search.css';

type Changes = Record<string, string | undefined>;

const totalOf = (r: SearchResult, type: SearchType) =>
  ({ card: r.cards, goods: r.goods, theme: r.themes, listing: r.listings, seller: r.sellers })[type].total;

/** Theme ids → names, from what the answer shows (the facet counts carry ids only). */
function themeNames(r: SearchResult | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of r?.cards.list ?? []) names.set(c.themeId, c.themeName);
  for (const t of r?.themes.list ?? []) names.set(t.id, t.name);
  return names;
}

/**
 * /search: one box for the catalogue and the market. Everything it shows comes from the URL (`q`, `type`,
 * filters, `sort`, `page`), so a change is a history entry: the results follow without a reload, and back and
 * forward step through the searches.
 */
export default function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const signedIn = useSession() !== null;
  const state = readSearchState(params);
  const request = searchRequest(state, signedIn);
  const key = JSON.stringify(request);
  const ready = canSearch(state);
  // Nothing to ask before there is a query or a filter: the server would refuse it.
  const result = useLoad<SearchResult | null>(
    () => (ready ? search(request) : Promise.resolve(null)),
    // `key` is the request.
    [key],
  );
  const data = result.data ?? undefined;
  const names = useMemo(() => themeNames(data), [data]);

  const update = (changes: Changes) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <div className="search-screen">
      <SearchBox
        initial={state.q ?? ''}
        autoFocus={!ready}
        onSearch={(q) => update({ q: q || undefined, page: undefined, type: undefined })}
      />
      {ready && (
        <SearchFilters
          state={state}
          facets={data?.facets ?? null}
          themeNames={names}
          signedIn={signedIn}
          update={update}
        />
      )}
      <div className="search-body">
        {!ready ? (
          <p className="search-hint">輸入卡牌、商品、主題或賣家的名稱，亦可輸入序號（例如 #12）搜尋掛單。</p>
        ) : result.status === 'loading' ? (
          <LoadingState label="搜尋中…" />
        ) : result.status === 'error' ? (
          <ErrorState title="未能搜尋" onRetry={result.reload} />
        ) : data ? (
          <Results
            result={data}
            state={state}
            update={update}
            onClearFilters={() => update({ ...NO_FILTERS, type: undefined, page: undefined })}
          />
        ) : null}
      </div>
    </div>
  );
}

function Results({
  result,
  state,
  update,
  onClearFilters,
}: {
  result: SearchResult;
  state: ReturnType<typeof readSearchState>;
  update: (changes: Changes) => void;
  onClearFilters: () => void;
}) {
  const shown = state.type
    ? totalOf(result, state.type)
    : (['card', 'goods', 'theme', 'listing', 'seller'] as const).reduce((n, t) => n + totalOf(result, t), 0);
  if (shown === 0) {
    const filtered = hasFilters(state) || state.type !== undefined;
    return (
      <EmptyState
        title="找不到相關結果"
        description={
          filtered ? '試試清除篩選，或用較少字詞搜尋。' : '試試用較少字詞、繁體或英文名稱，或輸入序號（例如 #12）。'
        }
        action={filtered ? <StateButton onClick={onClearFilters}>清除篩選</StateButton> : undefined}
      />
    );
  }
  const status = (
    <p role="status" className="visually-hidden">
      找到 {shown} 項結果
    </p>
  );
  const pages = state.type ? Math.ceil(totalOf(result, state.type) / TYPE_PAGE_SIZE) : 1;
  return (
    <>
      {status}
      {state.type && (
        <div className="search-back">
          <button
            type="button"
            className="search-more outline-button"
            onClick={() => update({ type: undefined, page: undefined })}
          >
            顯示全部類別
          </button>
        </div>
      )}
      <SearchSections
        result={result}
        side={state.side}
        onMore={state.type ? undefined : (type) => update({ type, page: undefined })}
      />
      {state.type && pages > 1 && (
        <nav className="search-pager" aria-label={`${TYPE_LABELS[state.type]}分頁`}>
          {state.page > 1 && (
            <button
              type="button"
              className="search-more outline-button"
              onClick={() => update({ page: String(state.page - 1) })}
            >
              上一頁
            </button>
          )}
          <span>
            第 {state.page} / {pages} 頁
          </span>
          {state.page < pages && (
            <button
              type="button"
              className="search-more outline-button"
              onClick={() => update({ page: String(state.page + 1) })}
            >
              下一頁
            </button>
          )}
        </nav>
      )}
    </>
  );
}

import type { SearchResult, SearchSort } from '../../../../shared/schemas/search';
import {
  activeBand,
  BAND_LABELS,
  bandFilter,
  hasFilters,
  NO_FILTERS,
  SORT_LABELS,
  SORTS,
  TYPE_LABELS,
  type SearchState,
} from '../search-params';

type Update = (changes: Record<string, string | undefined>) => void;

interface Chip {
  key: string;
  label: string;
  count: number;
  pressed: boolean;
  onPress: () => void;
}

/** A row of toggle chips with the facet's counts; empty facets are left out. */
function ChipGroup({ label, chips }: { label: string; chips: Chip[] }) {
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label={label} className="search-chips">
      <span className="search-chips-label" aria-hidden="true">
        {label}
      </span>
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          className={c.pressed ? 'search-chip pressed' : 'search-chip'}
          aria-pressed={c.pressed}
          onClick={c.onPress}
        >
          {c.label}（{c.count} 項）
        </button>
      ))}
    </div>
  );
}

/**
 * The filters of /search: chips from the answer's facets (each toggles its URL parameter and goes back to
 * page 1), 掛單 side and sort selectors, and 「我未擁有」 for a signed-in user.
 */
export function SearchFilters({
  state,
  facets,
  themeNames,
  signedIn,
  update,
}: {
  state: SearchState;
  facets: SearchResult['facets'] | null;
  themeNames: ReadonlyMap<string, string>;
  signedIn: boolean;
  update: Update;
}) {
  const set = (changes: Record<string, string | undefined>) => update({ ...changes, page: undefined });
  const band = activeBand(state);
  const keep = <T extends { count: number }>(list: T[] | undefined, pressed: (f: T) => boolean) =>
    (list ?? []).filter((f) => f.count > 0 || pressed(f));
  return (
    <div className="search-filters">
      <ChipGroup
        label="稀有度"
        chips={keep(facets?.rarity, (f) => f.key === state.rarity).map((f) => ({
          key: f.key,
          label: f.key,
          count: f.count,
          pressed: f.key === state.rarity,
          onPress: () => set({ rarity: f.key === state.rarity ? undefined : f.key }),
        }))}
      />
      <ChipGroup
        label="主題"
        chips={keep(facets?.theme, (f) => f.key === state.theme).map((f) => ({
          key: f.key,
          label: themeNames.get(f.key) ?? f.key,
          count: f.count,
          pressed: f.key === state.theme,
          onPress: () => set({ theme: f.key === state.theme ? undefined : f.key }),
        }))}
      />
      <ChipGroup
        label="類別"
        chips={keep(facets?.kind, (f) => f.key === state.type).map((f) => ({
          key: f.key,
          label: TYPE_LABELS[f.key],
          count: f.count,
          pressed: f.key === state.type,
          onPress: () => set({ type: f.key === state.type ? undefined : f.key }),
        }))}
      />
      <ChipGroup
        label="價格"
        chips={keep(facets?.price, (f) => f.key === band).map((f) => ({
          key: f.key,
          label: BAND_LABELS[f.key],
          count: f.count,
          pressed: f.key === band,
          onPress: () => set(f.key === band ? { minPrice: undefined, maxPrice: undefined } : bandFilter(f.key)),
        }))}
      />
      <div className="search-selects">
        <label className="search-select">
          <span>掛單</span>
          <select value={state.side ?? ''} onChange={(e) => set({ side: e.target.value || undefined })}>
            <option value="">全部</option>
            <option value="sell">出售</option>
            <option value="buy">求購</option>
          </select>
        </label>
        <label className="search-select">
          <span>排序</span>
          <select
            value={state.sort}
            onChange={(e) => set({ sort: e.target.value === 'relevance' ? undefined : (e.target.value as SearchSort) })}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {signedIn && (
          <label className="search-check">
            <input
              type="checkbox"
              checked={state.missing}
              onChange={(e) => set({ missing: e.target.checked ? 'true' : undefined })}
            />
            <span>我未擁有</span>
          </label>
        )}
        {hasFilters(state) && (
          <button type="button" className="search-clear outline-button" onClick={() => set(NO_FILTERS)}>
            清除篩選
          </button>
        )}
      </div>
    </div>
  );
}

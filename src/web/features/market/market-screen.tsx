import { useState } from 'react';
import { Link } from 'react-router';
import { RARITIES, type Rarity } from '../../../shared/constants';
import { SELL_TYPE, sideOfParam } from '../../../shared/market-labels';
import { MARKET_ROW_SORTS, MARKET_ROW_SORT_LABELS, type ItemKind } from '../../../shared/market-labels';
import type { Filters } from './components/market-filter-panel';
import { useQueryState } from '../../lib/use-query-state';
import { MarketRows } from './components/market-rows';
import { SideToggle } from './components/side-toggle';
import { SearchBox } from '../../components/search-box';
import { TabStrip } from '../../components/tab-strip';
import { afterLoadPart } from '../../components/after-load';
import { PlainButton } from '../../components/plain-button';
import './market.css';

// The 篩選 sheet and its form, after the page's load event (nothing shows before it opens).
const FilterSheet = afterLoadPart(
  () => import('./components/market-filter-panel').then((m) => m.FilterSheet),
  () => null,
);

type Sort = (typeof MARKET_ROW_SORTS)[number];
const TABS: { key: ItemKind; title: string }[] = [
  { key: 'card', title: '卡牌' },
  { key: 'goods', title: '物品' },
];

/** /market: 卡牌 / 物品, 出售 / 求購, search, filters and sorts; one row per card info or product. */
export default function MarketScreen() {
  const { params, update } = useQueryState();
  const kind: ItemKind = params.get('tab') === 'goods' ? 'goods' : 'card';
  const side = sideOfParam(params.get('sell_type'));
  const keyword = params.get('q') ?? undefined;
  const rarityParam = params.get('rarity');
  const filters: Filters = {
    themeId: params.get('themeId') ?? undefined,
    rarity: RARITIES.includes(rarityParam as Rarity) ? (rarityParam as Rarity) : undefined,
    min: params.get('min') ?? undefined,
    max: params.get('max') ?? undefined,
  };
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && MARKET_ROW_SORTS.includes(sortParam) ? sortParam : 'newest';
  const [filterOpen, setFilterOpen] = useState(false);
  const activeFilters = [
    filters.themeId && kind === 'card',
    filters.rarity && kind === 'card',
    filters.min,
    filters.max,
  ].filter(Boolean).length;

  const clearAll = () => {
    update({ q: undefined, themeId: undefined, rarity: undefined, min: undefined, max: undefined });
  };

  return (
    <div className="market">
      <TabStrip
        items={TABS}
        activeKey={kind}
        onChange={(k) => update({ tab: k === 'goods' ? 'goods' : undefined })}
        className="market-tabs"
      />
      <div className="market-toolbar">
        <SideToggle
          side={side}
          onChange={(next) => update({ sell_type: next === 'buy' ? String(SELL_TYPE.buy) : undefined })}
        />
        <Link to={side === 'sell' ? '/market/sell' : '/market/sell?mode=buy'} className="market-post-link">
          {side === 'sell' ? '我要出售' : '發佈求購'}
        </Link>
      </div>
      {/* The app's search box; here a search filters the market's own rows (its suggestions included). */}
      <SearchBox
        initial={keyword ?? ''}
        label="搜尋卡牌或物品名稱"
        placeholder="搜尋名稱"
        onSearch={(q) => update({ q: q || undefined })}
      />
      <div className="market-toolbar">
        <PlainButton size="small" onClick={() => setFilterOpen(true)} aria-haspopup="dialog">
          篩選{activeFilters > 0 ? `（${activeFilters}）` : ''}
        </PlainButton>
        <label className="market-sort">
          <span>排序</span>
          <select
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
          >
            {MARKET_ROW_SORTS.map((s) => (
              <option key={s} value={s}>
                {s === 'price_asc' && side === 'buy'
                  ? '出價由低至高'
                  : s === 'price_desc' && side === 'buy'
                    ? '出價由高至低'
                    : MARKET_ROW_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="tabpanel" aria-label={kind === 'card' ? '卡牌' : '物品'}>
        <MarketRows
          key={`${kind}-${side}`}
          kind={kind}
          side={side}
          keyword={keyword}
          filters={filters}
          sort={sort}
          onClear={clearAll}
        />
      </div>
      <FilterSheet
        open={filterOpen}
        kind={kind}
        initial={filters}
        onClose={() => setFilterOpen(false)}
        onApply={(f) => {
          setFilterOpen(false);
          update({ themeId: f.themeId, rarity: f.rarity, min: f.min, max: f.max });
        }}
      />
    </div>
  );
}

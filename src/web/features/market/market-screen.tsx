import { useCallback, useState, type FormEvent } from 'react';
import { Button, Popup, Tabs } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { RARITIES, type Rarity } from '../../../shared/constants';
import { MARKET_ROW_SORTS, MARKET_ROW_SORT_LABELS, type ItemKind, type SellType } from '../../../shared/market-labels';
import type { MarketRow } from '../../../shared/schemas/market';
import { PagedFrame } from '../../components/paged-frame';
import { isFailure } from '../../lib/request';
import { stores } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { usePagedList } from '../../lib/use-paged-list';
import { getCardInfos } from '../../api/get-card-infos';
import { listMarketRows } from './api/list-market-rows';
import { MarketRowItem } from './components/market-row';
import { dollarsToCents, useQueryState } from './components/market-params';
import './market.css';
import { SideToggle } from './components/side-toggle';

const PAGE_SIZE = 20;
type Sort = (typeof MARKET_ROW_SORTS)[number];
const TABS: { key: ItemKind; title: string }[] = [
  { key: 'card', title: '卡牌' },
  { key: 'goods', title: '物品' },
];

/** Themes for the filter, gathered from the catalogue's card infos (there is no theme list call). */
function useThemes() {
  const state = useLoad(async () => {
    const cards = await getCardInfos({ page: 1, pageSize: 50 });
    if (isFailure(cards)) return cards;
    const seen = new Map<string, string>();
    for (const c of cards) seen.set(c.theme.id, c.theme.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, []);
  return state.status === 'ready' ? state.data : [];
}

interface Filters {
  themeId?: string;
  rarity?: Rarity;
  min?: string;
  max?: string;
}

function FilterPanel({
  kind,
  initial,
  onApply,
  onClose,
}: {
  kind: ItemKind;
  initial: Filters;
  onApply: (f: Filters) => void;
  onClose: () => void;
}) {
  const themes = useThemes();
  const [f, setF] = useState<Filters>(initial);
  const [error, setError] = useState<string | null>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const min = f.min ? dollarsToCents(f.min) : null;
    const max = f.max ? dollarsToCents(f.max) : null;
    if ((f.min && min === null) || (f.max && max === null)) return setError('價格請輸入金額，例如 120 或 88.5');
    if (min !== null && max !== null && min > max) return setError('最低價不可高於最高價');
    setError(null);
    onApply(f);
  };
  return (
    <form className="market-filter-panel" onSubmit={apply} aria-labelledby="market-filter-title">
      <h2 id="market-filter-title" className="market-section-title">
        篩選
      </h2>
      {kind === 'card' && (
        <>
          <label className="market-field">
            <span>卡冊</span>
            <select value={f.themeId ?? ''} onChange={(e) => setF({ ...f, themeId: e.target.value || undefined })}>
              <option value="">全部卡冊</option>
              {themes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="market-field">
            <legend>稀有度</legend>
            <div className="market-chips">
              {RARITIES.map((r) => (
                <button
                  key={r}
                  type="button"
                  className="market-chip"
                  aria-pressed={f.rarity === r}
                  onClick={() => setF({ ...f, rarity: f.rarity === r ? undefined : r })}
                >
                  <span className="visually-hidden">稀有度 </span>
                  {r}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}
      <fieldset className="market-field">
        <legend>價格（港幣）</legend>
        <div className="market-price-range">
          <input
            className="market-input"
            inputMode="decimal"
            aria-label="最低價（港幣）"
            placeholder="最低"
            value={f.min ?? ''}
            onChange={(e) => setF({ ...f, min: e.target.value || undefined })}
          />
          <span aria-hidden="true">至</span>
          <input
            className="market-input"
            inputMode="decimal"
            aria-label="最高價（港幣）"
            placeholder="最高"
            value={f.max ?? ''}
            onChange={(e) => setF({ ...f, max: e.target.value || undefined })}
          />
        </div>
      </fieldset>
      {error && (
        <p className="market-error" role="alert">
          {error}
        </p>
      )}
      <div className="market-actions-row">
        <Button onClick={() => onApply({})}>清除篩選</Button>
        <Button color="primary" type="submit">
          套用
        </Button>
      </div>
      <Button block fill="none" onClick={onClose}>
        關閉
      </Button>
    </form>
  );
}

function Rows({
  kind,
  side,
  keyword,
  filters,
  sort,
  onClear,
}: {
  kind: ItemKind;
  side: SellType;
  keyword?: string;
  filters: Filters;
  sort: Sort;
  onClear: () => void;
}) {
  const navigate = useNavigate();
  const store = kind === 'card' ? stores.cardInfo : stores.product;
  const key = side === 0 ? 'sellList' : 'buyList';
  const minPrice = filters.min ? (dollarsToCents(filters.min) ?? undefined) : undefined;
  const maxPrice = filters.max ? (dollarsToCents(filters.max) ?? undefined) : undefined;
  const themeId = kind === 'card' ? filters.themeId : undefined;
  const rarity = kind === 'card' ? filters.rarity : undefined;
  const fetchPage = useCallback(
    (page: number, pageSize: number) =>
      listMarketRows(kind, { page, pageSize, sell_type: side, keyword, themeId, rarity, minPrice, maxPrice, sort }),
    [kind, side, keyword, themeId, rarity, minPrice, maxPrice, sort],
  );
  const list = usePagedList<MarketRow, 'sellList' | 'buyList'>(store, key, fetchPage, PAGE_SIZE, [
    kind,
    side,
    keyword,
    themeId,
    rarity,
    minPrice,
    maxPrice,
    sort,
  ]);
  const filtered = Boolean(keyword || themeId || rarity || minPrice !== undefined || maxPrice !== undefined);
  const what = kind === 'card' ? '卡牌' : '物品';
  return (
    <PagedFrame
      {...list}
      empty={list.items.length === 0}
      what="掛單"
      endClassName="market-list-end"
      emptyText={
        filtered
          ? {
              title: `沒有符合條件的${what}`,
              description: '試試其他關鍵字或放寬篩選。',
              action: <Button onClick={onClear}>清除搜尋及篩選</Button>,
            }
          : side === 0
            ? {
                title: `暫時未有${what}出售`,
                description: '你可以把收藏中的卡牌或物品放上市場寄售。',
                action: (
                  <Button color="primary" onClick={() => navigate('/market/sell')}>
                    我要出售
                  </Button>
                ),
              }
            : {
                title: `暫時未有${what}求購`,
                description: '想要的卡牌或物品，可以先出價求購。',
                action: (
                  <Button color="primary" onClick={() => navigate('/market/sell?mode=buy')}>
                    發佈求購
                  </Button>
                ),
              }
      }
    >
      <ul className="market-list" aria-label={`${what}${side === 0 ? '出售' : '求購'}列表`}>
        {list.items.map((row, i) => (
          <MarketRowItem key={row.id} row={row} side={side} index={i} />
        ))}
      </ul>
    </PagedFrame>
  );
}

/** /market: 卡牌 / 物品, 出售 / 求購, search, filters and sorts; one row per card info or product. */
export default function MarketScreen() {
  const { params, update } = useQueryState();
  const kind: ItemKind = params.get('tab') === 'goods' ? 'goods' : 'card';
  const side: SellType = params.get('sell_type') === '1' ? 1 : 0;
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
  const [search, setSearch] = useState(keyword ?? '');
  const [filterOpen, setFilterOpen] = useState(false);
  const activeFilters = [
    filters.themeId && kind === 'card',
    filters.rarity && kind === 'card',
    filters.min,
    filters.max,
  ].filter(Boolean).length;

  const clearAll = () => {
    setSearch('');
    update({ q: undefined, themeId: undefined, rarity: undefined, min: undefined, max: undefined });
  };

  return (
    <div className="market">
      <Tabs
        activeKey={kind}
        onChange={(k) => update({ tab: k === 'goods' ? 'goods' : undefined })}
        className="market-tabs"
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="market-toolbar">
        <SideToggle side={side} onChange={(next) => update({ sell_type: next === 1 ? '1' : undefined })} />
        <Link to={side === 0 ? '/market/sell' : '/market/sell?mode=buy'} className="market-post-link">
          {side === 0 ? '我要出售' : '發佈求購'}
        </Link>
      </div>
      <form
        className="market-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: search.trim() || undefined });
        }}
      >
        <input
          type="search"
          className="market-input"
          aria-label="搜尋卡牌或物品名稱"
          placeholder="搜尋名稱"
          maxLength={50}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" color="primary" size="small">
          搜尋
        </Button>
      </form>
      <div className="market-toolbar">
        <Button size="small" onClick={() => setFilterOpen(true)} aria-haspopup="dialog">
          篩選{activeFilters > 0 ? `（${activeFilters}）` : ''}
        </Button>
        <label className="market-sort">
          <span>排序</span>
          <select
            value={sort}
            onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
          >
            {MARKET_ROW_SORTS.map((s) => (
              <option key={s} value={s}>
                {s === 'price_asc' && side === 1
                  ? '出價由低至高'
                  : s === 'price_desc' && side === 1
                    ? '出價由高至低'
                    : MARKET_ROW_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="tabpanel" aria-label={kind === 'card' ? '卡牌' : '物品'}>
        <Rows
          key={`${kind}-${side}`}
          kind={kind}
          side={side}
          keyword={keyword}
          filters={filters}
          sort={sort}
          onClear={clearAll}
        />
      </div>
      <Popup
        visible={filterOpen}
        onMaskClick={() => setFilterOpen(false)}
        onClose={() => setFilterOpen(false)}
        destroyOnClose
        bodyClassName="market-popup"
      >
        <div role="dialog" aria-label="篩選">
          <FilterPanel
            kind={kind}
            initial={filters}
            onClose={() => setFilterOpen(false)}
            onApply={(f) => {
              setFilterOpen(false);
              update({ themeId: f.themeId, rarity: f.rarity, min: f.min, max: f.max });
            }}
          />
        </div>
      </Popup>
    </div>
  );
}

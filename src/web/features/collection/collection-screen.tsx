import { lazy, Suspense, useCallback } from 'react';
import { Button, Popup, Selector, Tag } from 'antd-mobile';
import { RARITIES, type Rarity } from '../../../shared/constants';
import { COLLECTION_SORTS, COLLECTION_SORT_LABELS, type CollectionCard } from '../../../shared/schemas/collection';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { ThemeSelect } from '../../components/theme-select';
import { isFailure } from '../../lib/request';
import { stores } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { usePagedList } from '../../lib/use-paged-list';
import { useQueryState } from '../../lib/use-query-state';
import { getCollection } from './api/get-collection';
import { getThemes } from './api/get-themes';
import { CardDetailView } from './components/card-detail-view';
import { CardTile } from './components/card-tile';
import { LoadingState } from '../../components/state-views';
import './collection.css';

// Loaded after the screen (its chart and lists are not on the route's first load).
const PortfolioPanel = lazy(() => import('./components/portfolio-panel').then((m) => ({ default: m.PortfolioPanel })));

type CardListKey = (typeof stores.card.keys)[number];
const PAGE_SIZE = 20;
type Sort = (typeof COLLECTION_SORTS)[number];

/** The themes the user has cards of (collecting or exchanged), for the filter. */
function useThemeOptions() {
  const state = useLoad(async () => {
    const [open, done] = await Promise.all([
      getThemes({ status: 0, page: 1, pageSize: 50 }),
      getThemes({ status: 1, page: 1, pageSize: 50 }),
    ]);
    if (isFailure(open)) return open;
    if (isFailure(done)) return done;
    return [...open, ...done].map((t) => ({ label: t.name, value: t.id }));
  }, []);
  return state.status === 'ready' ? state.data : [];
}

/** /my/collection: the user's cards with serials, filters (theme, rarity), sorts, and a detail popup. */
export default function CollectionScreen() {
  const { params, update } = useQueryState();
  const themeId = params.get('themeId') ?? undefined;
  const rarityParam = params.get('rarity');
  const rarity = RARITIES.includes(rarityParam as Rarity) ? (rarityParam as Rarity) : undefined;
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && COLLECTION_SORTS.includes(sortParam) ? sortParam : 'newest';
  const openId = params.get('card');
  const themes = useThemeOptions();

  const fetchPage = useCallback(
    (page: number, pageSize: number) => getCollection({ page, pageSize, themeId, rarity, sort }),
    [themeId, rarity, sort],
  );
  const list = usePagedList<CollectionCard, CardListKey>(stores.card, 'collection', fetchPage, PAGE_SIZE, [
    themeId,
    rarity,
    sort,
  ]);
  const filtered = Boolean(themeId || rarity);

  return (
    <div className="page collection-page">
      <Suspense fallback={<LoadingState label="正在計算收藏估值…" />}>
        <PortfolioPanel />
      </Suspense>
      <section className="collection-filters" aria-label="篩選及排序">
        {themes.length > 0 && (
          <label className="collection-filter">
            <span>卡冊</span>
            <ThemeSelect themes={themes} value={themeId} onChange={(id) => update({ themeId: id })} />
          </label>
        )}
        <div className="collection-filter" role="group" aria-label="稀有度">
          <span>稀有度</span>
          <Selector
            options={RARITIES.map((r) => ({
              label: (
                <>
                  <span className="visually-hidden">稀有度 </span>
                  {r}
                </>
              ),
              value: r,
            }))}
            value={rarity ? [rarity] : []}
            onChange={(v) => update({ rarity: v[0] })}
            showCheckMark={false}
            className="compact-selector"
          />
        </div>
        <div className="collection-filter" role="group" aria-label="排序">
          <span>排序</span>
          <Selector
            options={COLLECTION_SORTS.map((s) => ({ label: COLLECTION_SORT_LABELS[s], value: s }))}
            value={[sort]}
            onChange={(v) => update({ sort: v[0] === 'newest' ? undefined : v[0] })}
            showCheckMark={false}
            className="compact-selector"
          />
        </div>
      </section>
      <PagedFrame
        {...list}
        endClassName="collection-list-end"
        what="收藏"
        emptyText={
          filtered
            ? {
                title: '沒有符合篩選的卡牌',
                description: '試試其他卡冊或稀有度。',
                action: <Button onClick={() => update({ themeId: undefined, rarity: undefined })}>清除篩選</Button>,
              }
            : {
                title: '收藏暫時是空的',
                description: '到商城購買卡牌，或輸入卡包內的兌換碼。',
                action: <GoButton to="/my/card">兌換卡牌</GoButton>,
              }
        }
      >
        <div className="card-grid">
          {list.items.map((c) => (
            <CardTile
              key={c.id}
              card={c}
              serialLabel={c.serialLabel}
              badge={
                c.status !== 'held' ? (
                  <Tag className="card-tile-status">{c.status === 'listed' ? '寄售中' : '交易中'}</Tag>
                ) : undefined
              }
              onOpen={() => update({ card: c.id })}
            />
          ))}
        </div>
      </PagedFrame>
      <Popup
        visible={openId !== null}
        onMaskClick={() => update({ card: undefined })}
        onClose={() => update({ card: undefined })}
        bodyClassName="card-detail-popup"
        destroyOnClose
      >
        {openId && (
          <div role="dialog" aria-label="卡牌詳情">
            <CardDetailView id={openId} />
            <Button block onClick={() => update({ card: undefined })}>
              關閉
            </Button>
          </div>
        )}
      </Popup>
    </div>
  );
}

import { useCallback } from 'react';
import { LISTING_SIDE_LABELS, SELL_TYPE, type ListingSide } from '../../../../shared/market-labels';
import type { ItemKind, MARKET_ROW_SORTS } from '../../../../shared/market-labels';
import type { MarketRow } from '../../../../shared/schemas/market';
import { GoButton } from '../../../components/go-button';
import { PagedFrame } from '../../../components/paged-frame';
import { StateButton } from '../../../components/state-views';
import { stores } from '../../../lib/stores';
import { usePagedList } from '../../../lib/use-paged-list';
import { listMarketRows } from '../api/list-market-rows';
import type { Filters } from './market-filter-panel';
import { MarketRowItem } from './market-row';
import { dollarsToCents } from './market-params';

const PAGE_SIZE = 20;
type Sort = (typeof MARKET_ROW_SORTS)[number];

/** One page after another of market rows (one per card info or product) for the search, filters and sort. */
export function MarketRows({
  kind,
  side,
  keyword,
  filters,
  sort,
  onClear,
}: {
  kind: ItemKind;
  side: ListingSide;
  keyword?: string;
  filters: Filters;
  sort: Sort;
  onClear: () => void;
}) {
  const store = kind === 'card' ? stores.cardInfo : stores.product;
  const key = side === 'sell' ? 'sellList' : 'buyList';
  const minPrice = filters.min ? (dollarsToCents(filters.min) ?? undefined) : undefined;
  const maxPrice = filters.max ? (dollarsToCents(filters.max) ?? undefined) : undefined;
  const themeId = kind === 'card' ? filters.themeId : undefined;
  const rarity = kind === 'card' ? filters.rarity : undefined;
  const fetchPage = useCallback(
    (page: number, pageSize: number) =>
      listMarketRows(kind, {
        page,
        pageSize,
        sell_type: SELL_TYPE[side],
        keyword,
        themeId,
        rarity,
        minPrice,
        maxPrice,
        sort,
      }),
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
      what="掛單"
      endClassName="market-list-end"
      emptyText={
        filtered
          ? {
              title: `沒有符合條件的${what}`,
              description: '試試其他關鍵字或放寬篩選。',
              action: <StateButton onClick={onClear}>清除搜尋及篩選</StateButton>,
            }
          : side === 'sell'
            ? {
                title: `暫時未有${what}出售`,
                description: '你可以把收藏中的卡牌或物品放上市場寄售。',
                action: <GoButton to="/market/sell">我要出售</GoButton>,
              }
            : {
                title: `暫時未有${what}求購`,
                description: '想要的卡牌或物品，可以先出價求購。',
                action: <GoButton to="/market/sell?mode=buy">發佈求購</GoButton>,
              }
      }
    >
      <ul className="market-list" aria-label={`${what}${LISTING_SIDE_LABELS[side]}列表`}>
        {list.items.map((row, i) => (
          <MarketRowItem key={row.id} row={row} side={side} index={i} />
        ))}
      </ul>
    </PagedFrame>
  );
}

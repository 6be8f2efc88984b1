import type { Rarity } from '../../../../shared/constants';
import type { ItemKind, MARKET_ROW_SORTS, MarketRow, SellType } from '../../../../shared/schemas/market';
import { get } from '../../../lib/request';

export interface MarketRowParams {
  page: number;
  pageSize: number;
  sell_type: SellType;
  keyword?: string;
  themeId?: string;
  rarity?: Rarity;
  /** Cents, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  sort?: (typeof MARKET_ROW_SORTS)[number];
}

/** GET cardInfo/marketList or product/marketList: one row per card info / product with its best price and count. */
export const listMarketRows = (kind: ItemKind, q: MarketRowParams) =>
  get<MarketRow[]>(kind === 'card' ? 'cardInfo/marketList' : 'product/marketList', { ...q }, { loading: false });

import type { MarketDetail, SellType } from '../../shared/schemas/market';
import { get } from '../lib/request';

export type DetailTarget =
  { id: string } | { cardInfoId: string; sell_type: SellType } | { productId: string; sell_type: SellType };

/** GET market/detail: one listing, or every listing of a card info / product, with recent sales. */
export const getMarketDetail = (target: DetailTarget) =>
  get<MarketDetail>('market/detail', { ...target }, { loading: false });

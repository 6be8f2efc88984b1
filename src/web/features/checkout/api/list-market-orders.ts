import type { MarketOrder } from '../../../../shared/schemas/market';
import { get } from '../../../lib/request';

/** GET market/orderList: the user's market orders as buyer or as seller, newest first. */
export const listMarketOrders = (q: { role: 'buyer' | 'seller'; page: number; pageSize: number }) =>
  get<MarketOrder[]>('market/orderList', q, { loading: false });

import type { MarketOrderDetail } from '../../../../shared/schemas/market-desk';
import { get } from '../../../lib/request';

/** GET market/orderDetail?id=: one of the user's market orders, with how it was paid and its timeline. */
export const getMarketOrder = (id: string) => get<MarketOrderDetail>('market/orderDetail', { id }, { loading: false });

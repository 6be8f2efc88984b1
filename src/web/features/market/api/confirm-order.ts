import type { MarketOrder } from '../../../../shared/schemas/market';
import { post } from '../../../lib/request';

/**
 * POST market/confirmOrder: sell one of the user's items into a buy listing, settled at once; `price` is the bid the
 * user saw (a bid repriced since is refused rather than filled at another price).
 */
export const confirmOrder = (listingId: string, itemId: string, price?: number) =>
  post<MarketOrder>('market/confirmOrder', { listingId, itemId, ...(price === undefined ? {} : { price }) });

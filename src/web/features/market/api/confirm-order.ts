import type { MarketOrder } from '../../../../shared/schemas/market';
import { post } from '../../../lib/request';

/** POST market/confirmOrder: sell one of the user's items into a buy listing; settled at once. */
export const confirmOrder = (listingId: string, itemId: string) =>
  post<MarketOrder>('market/confirmOrder', { listingId, itemId });

import type { PriceHistory, PriceRange } from '../../shared/schemas/prices';
import { get } from '../lib/request';

/**
 * GET cardInfo/priceHistory / product/priceHistory?id=&range=: daily points, the market price and its change. Quiet:
 * the panel says itself that it could not load, with a retry, under a screen that did load.
 */
export const getPriceHistory = (kind: 'card' | 'goods', id: string, range: PriceRange) =>
  get<PriceHistory>(
    kind === 'card' ? 'cardInfo/priceHistory' : 'product/priceHistory',
    { id, range },
    { loading: false, quiet: true },
  );

import type { OfferAvailability } from '../../../../shared/schemas/offers';
import { get } from '../../../lib/request';

/** GET offer/availability: whether the item takes an offer from the caller now (quiet: no toast for a failure). */
export const getOfferAvailability = (kind: 'card' | 'goods', itemId: string) =>
  get<OfferAvailability>('offer/availability', { kind, itemId }, { loading: false, quiet: true });

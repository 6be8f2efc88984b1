import type { OfferDetail } from '../../../../shared/schemas/offers';
import { post } from '../../../lib/request';

/** POST offer/counter: the side whose turn it is names a new price. */
export const counterOffer = (id: string, price: number) => post<OfferDetail>('offer/counter', { id, price });

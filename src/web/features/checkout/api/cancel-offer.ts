import type { OfferDetail } from '../../../../shared/schemas/offers';
import { post } from '../../../lib/request';

/** POST offer/cancel: the buyer withdraws the offer; the money goes back to the balance. */
export const cancelOffer = (id: string) => post<OfferDetail>('offer/cancel', { id });

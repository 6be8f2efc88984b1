import type { OfferDetail } from '../../../../shared/schemas/offers';
import { post } from '../../../lib/request';

/** POST offer/decline: the side whose turn it is ends the offer; the buyer's money goes back. */
export const declineOffer = (id: string) => post<OfferDetail>('offer/decline', { id });

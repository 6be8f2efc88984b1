import type { OfferDetail } from '../../../../shared/schemas/offers';
import { post } from '../../../lib/request';

/** POST offer/accept: settle at the price on the table (`price`: the one the viewer saw). */
export const acceptOffer = (id: string, price: number) => post<OfferDetail>('offer/accept', { id, price });

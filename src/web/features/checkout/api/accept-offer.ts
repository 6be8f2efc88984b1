import type { AcceptOfferResult } from '../../../../shared/schemas/offers';
import { post } from '../../../lib/request';

/**
 * POST offer/accept: settle at the price on the table (`price`: the one the viewer saw); a buyer short of the
 * difference gets `orderNo` of the top-up order to pay instead (decision 040).
 */
export const acceptOffer = (id: string, price: number) => post<AcceptOfferResult>('offer/accept', { id, price });

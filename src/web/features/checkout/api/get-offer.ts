import type { OfferDetail } from '../../../../shared/schemas/offers';
import { get } from '../../../lib/request';

/** GET offer/detail: one offer of the viewer with its thread. */
export const getOffer = (id: string) => get<OfferDetail>('offer/detail', { id }, { loading: false });

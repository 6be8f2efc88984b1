import type { CreateOfferBody, CreateOfferResult } from '../../shared/schemas/offers';
import { post } from '../lib/request';

/** POST offer/create: an offer on a sell listing or a held item, its price held from the wallet. */
export const createOffer = (body: CreateOfferBody) => post<CreateOfferResult>('offer/create', body);

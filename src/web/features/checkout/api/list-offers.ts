import type { Offer } from '../../../../shared/schemas/offers';
import { get } from '../../../lib/request';

/** GET offer/list: the viewer's offers made (`made`) or received on their items (`received`). */
export const listOffers = (q: { role: 'made' | 'received'; page: number; pageSize: number }) =>
  get<Offer[]>('offer/list', q, { loading: false });

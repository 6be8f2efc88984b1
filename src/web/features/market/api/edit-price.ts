import type { DeskListing } from '../../../../shared/schemas/market-desk';
import { post } from '../../../lib/request';

/** POST market/editPrice: a new price for an active listing, as its next version (`version`: the one shown). */
export const editPrice = (id: string, price: number, version: number) =>
  post<DeskListing>('market/editPrice', { id, price, version });

import type { Listing } from '../../shared/schemas/market';
import { post } from '../lib/request';

/** POST market/cancel: the owner takes a listing down (a funded buy listing is refunded to the balance). */
export const cancelListing = (id: string) => post<Listing>('market/cancel', { id });

import type { Listing, SellType } from '../../../../shared/schemas/market';
import { get } from '../../../lib/request';

/** GET market/userList: a seller's active listings of one side. */
export const listUserListings = (q: { id: string; sell_type: SellType; page: number; pageSize: number }) =>
  get<Listing[]>('market/userList', q, { loading: false });

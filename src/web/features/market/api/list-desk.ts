import type { DeskListing, DeskView } from '../../../../shared/schemas/market-desk';
import { get } from '../../../lib/request';

/** GET market/mine: the user's open or ended listings of one side, with versions and history. */
export const listDesk = (q: { sell_type: 0 | 1; view: DeskView; page: number; pageSize: number }) =>
  get<DeskListing[]>('market/mine', q, { loading: false });

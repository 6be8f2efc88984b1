import type { DeskListing, DeskView } from '../../../../shared/schemas/market-desk';
import { get } from '../../../lib/request';
import type { SellType } from '../../../../shared/market-labels';

/** GET market/mine: the user's open or ended listings of one side, with versions and history. */
export const listDesk = (q: { sell_type: SellType; view: DeskView; page: number; pageSize: number }) =>
  get<DeskListing[]>('market/mine', q, { loading: false });

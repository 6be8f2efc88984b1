import type { ConsignableItem, ItemKind } from '../../../../shared/schemas/market';
import { get } from '../../../lib/request';

/** GET market/canConsignList: the user's items that can be listed (or sold into a bid) now. */
export const listConsignable = (q: { kind: ItemKind; page: number; pageSize: number }) =>
  get<ConsignableItem[]>('market/canConsignList', q, { loading: false });

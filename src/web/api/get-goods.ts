import type { GoodsDetail } from '../../shared/schemas/delivery';
import { get, type RequestOptions } from '../lib/request';

/** GET goods/detail?id=: one of the user's goods with its history (`quiet`: no toast for a failure). */
export const getGoods = (id: string, opts: Pick<RequestOptions, 'quiet'> = {}) =>
  get<GoodsDetail>('goods/detail', { id }, { loading: false, ...opts });

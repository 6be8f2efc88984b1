import type { GoodsDetail } from '../../../../shared/schemas/delivery';
import { get } from '../../../lib/request';

/** GET goods/detail?id=: one of the user's goods with its history. */
export const getGoods = (id: string) => get<GoodsDetail>('goods/detail', { id }, { loading: false });

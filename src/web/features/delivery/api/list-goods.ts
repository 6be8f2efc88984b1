import type { Goods, GoodsStatus } from '../../../../shared/schemas/delivery';
import { get } from '../../../lib/request';

/** GET goods/list?type=: one page of the user's goods, 0 = 其他, 1 = 實物. */
export const listGoods = (q: { type: 0 | 1; status?: GoodsStatus; page: number; pageSize: number }) =>
  get<Goods[]>(
    'goods/list',
    { type: q.type, status: q.status, page: q.page, pageSize: q.pageSize },
    { loading: false },
  );

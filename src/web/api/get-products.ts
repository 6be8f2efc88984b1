import type { Product } from '../../shared/schemas/catalogue';
import { get } from '../lib/request';

/** GET product/list?type=: one page of products, 0 = 其他, 1 = 實物. */
export function getProducts(p: { type: 0 | 1; page: number; pageSize: number }) {
  return get<Product[]>('product/list', { type: p.type, page: p.page, pageSize: p.pageSize }, { loading: false });
}

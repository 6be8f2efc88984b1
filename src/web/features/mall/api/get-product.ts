import type { Product } from '../../../../shared/schemas/catalogue';
import { get } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';

/** GET product/detail?id=: one product with its sale state. */
export const getProduct = (id: string) => get<Product>('product/detail', { id }, { loading: false });

export function useProduct(id: string) {
  return useLoad(() => getProduct(id), [id]);
}

import type { ProductDetail } from '../../shared/schemas/prices';
import { get } from '../lib/request';

/** GET product/detail?id=: one product with its sale state. */
export const getProduct = (id: string) => get<ProductDetail>('product/detail', { id }, { loading: false });

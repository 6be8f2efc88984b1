import type { CardInfo, Product } from '../../../../shared/schemas/catalogue';
import { get } from '../../../lib/request';

/** GET cardInfo/list (every card info, not only those on sale): targets of a buy listing and the theme filter. */
export const listCardInfos = (q: { page: number; pageSize: number; themeId?: string }) =>
  get<CardInfo[]>('cardInfo/list', q, { loading: false });

/** GET product/list: physical (1) or other (0) products, targets of a buy listing. */
export const listProducts = (q: { type: 0 | 1; page: number; pageSize: number }) =>
  get<Product[]>('product/list', q, { loading: false });

export const getCardInfo = (id: string) => get<CardInfo>('cardInfo/detail', { id }, { loading: false });
export const getProduct = (id: string) => get<Product>('product/detail', { id }, { loading: false });

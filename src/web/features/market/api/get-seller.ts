import type { SellerProfile } from '../../../../shared/schemas/market';
import { get } from '../../../lib/request';

/** GET market/userInfo: a storefront's header. */
export const getSeller = (id: string) => get<SellerProfile>('market/userInfo', { id }, { loading: false });

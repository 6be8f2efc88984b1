import type { PackOpen } from '../../../../shared/schemas/packs';
import { post } from '../../../lib/request';

/** POST pack/open {orderNo}: opens the buyer's paid pack order and answers its cards (again the same ones later). */
export const openPack = (orderNo: string) => post<PackOpen>('pack/open', { orderNo });

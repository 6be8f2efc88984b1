import type { PackSeriesDetail } from '../../../../shared/schemas/packs';
import { get } from '../../../lib/request';

/** GET pack/detail?id=: a pack series with the live odds of what remains, its commitment and, once revealed, its seed. */
export const getPack = (id: string) => get<PackSeriesDetail>('pack/detail', { id }, { loading: false });

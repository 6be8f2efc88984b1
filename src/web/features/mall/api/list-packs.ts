import type { PackSeries } from '../../../../shared/schemas/packs';
import { get } from '../../../lib/request';

/** GET pack/list: the pack series the mall shows (on sale and coming soon). */
export const listPacks = () => get<PackSeries[]>('pack/list', undefined, { loading: false, quiet: true });

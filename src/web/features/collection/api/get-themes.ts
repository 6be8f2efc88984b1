import type { ThemeProgress } from '../../../../shared/schemas/collection';
import { get } from '../../../lib/request';

/** GET card/theme: status 0 = started and not exchanged, 1 = exchanged (seed §3). */
export const getThemes = (p: { status: 0 | 1; page: number; pageSize: number }) =>
  get<ThemeProgress[]>('card/theme', p, { loading: false });

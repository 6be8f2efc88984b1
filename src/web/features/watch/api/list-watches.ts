import type { WatchItem } from '../../../../shared/schemas/watch';
import { get } from '../../../lib/request';

/** GET watch/list: a page of the signed-in user's watched items, newest first. */
export const listWatches = (q: { page: number; pageSize: number }) =>
  get<WatchItem[]>('watch/list', q, { loading: false });

import type { WatchBody, WatchToggle } from '../../shared/schemas/watch';
import { post } from '../lib/request';

/** POST watch/remove: stop watching a target. */
export const removeWatch = (body: WatchBody) => post<WatchToggle>('watch/remove', body, { loading: false });

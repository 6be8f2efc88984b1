import type { WatchBody, WatchToggle } from '../../shared/schemas/watch';
import { post } from '../lib/request';

/** POST watch/add: watch a card info, product, listing or seller (adding twice changes nothing). */
export const addWatch = (body: WatchBody) => post<WatchToggle>('watch/add', body, { loading: false });

import type { WatchKind, WatchState } from '../../shared/schemas/watch';
import { get } from '../lib/request';

/** GET watch/state: which of these targets the signed-in user watches (quiet: a ♡ that cannot tell stays empty). */
export const getWatchState = (kind: WatchKind, ids: string[]) =>
  get<WatchState>('watch/state', { kind, ids: ids.join(',') }, { loading: false, quiet: true });

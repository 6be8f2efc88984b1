import type { PushKey } from '../../../../shared/schemas/push';
import { get } from '../../../lib/request';

/** GET push/key: the server's public VAPID key, the `applicationServerKey` of a subscription. */
export const getPushKey = () => get<PushKey>('push/key', undefined, { loading: false });

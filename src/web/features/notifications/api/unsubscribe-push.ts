import type { PushUnsubscribeBody } from '../../../../shared/schemas/push';
import { post } from '../../../lib/request';

/** POST push/unsubscribe: drops this browser's subscription. */
export const unsubscribePush = (body: PushUnsubscribeBody) => post<{ removed: number }>('push/unsubscribe', body);

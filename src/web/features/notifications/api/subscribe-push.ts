import type { PushSubscribeBody, PushSubscriptionView } from '../../../../shared/schemas/push';
import { post } from '../../../lib/request';

/** POST push/subscribe: this browser's subscription, for the signed-in user. */
export const subscribePush = (body: PushSubscribeBody) => post<PushSubscriptionView>('push/subscribe', body);

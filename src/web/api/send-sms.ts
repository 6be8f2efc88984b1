import type { SmsSendBody } from '../../shared/schemas/auth';
import { post } from '../lib/request';

/** POST sms/send: a code to `phone` (E.164) for `purpose`; answers when the next one may be asked for. */
export const sendSms = (body: SmsSendBody) => post<{ resendAfterSeconds: number }>('sms/send', body);

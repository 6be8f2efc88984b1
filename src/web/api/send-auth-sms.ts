import type { SmsAuthSendBody } from '../../shared/schemas/auth';
import { post } from '../lib/request';

/** POST sms/authSend: a code to the signed-in user's own phone, to re-check a sensitive action. */
export const sendAuthSms = (body: SmsAuthSendBody) => post<{ resendAfterSeconds: number }>('sms/authSend', body);

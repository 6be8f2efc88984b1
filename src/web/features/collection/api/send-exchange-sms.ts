import { post } from '../../../lib/request';

/** POST sms/send with purpose `exchange`: the code a signed-out exchange needs. */
export const sendExchangeSms = (phone: string) => post<{ resendAfterSeconds: number }>('sms/send', { phone, purpose: 'exchange' });

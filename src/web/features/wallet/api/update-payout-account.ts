import type { PaymentUpdateBody, PayoutAccount } from '../../../../shared/schemas/identity';
import { post } from '../../../lib/request';

/** POST payment/update: saves the payout account (code from sms/authSend purpose `payment`). */
export const updatePayoutAccount = (body: PaymentUpdateBody) => post<PayoutAccount>('payment/update', body);

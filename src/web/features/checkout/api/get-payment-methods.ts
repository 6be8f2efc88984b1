import type { PaymentMethod } from '../../../../shared/schemas/pay-orders';
import { get } from '../../../lib/request';

/** GET payOrder/methods: the payment method the server is configured with (模擬付款 or 信用卡). */
export const getPaymentMethods = () => get<PaymentMethod[]>('payOrder/methods', undefined, { loading: false });

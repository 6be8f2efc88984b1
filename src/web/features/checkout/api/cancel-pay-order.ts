import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { post } from '../../../lib/request';

/** POST payOrder/cancel {orderNo}: a pending order is cancelled and its reservation released. */
export const cancelPayOrder = (orderNo: string) => post<PayOrder>('payOrder/cancel', { orderNo });

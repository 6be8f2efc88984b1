import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { post } from '../../../lib/request';

/** POST payOrder/payWithBalance {orderNo}: pays a pending order from the wallet at once. */
export const payWithBalance = (orderNo: string) => post<PayOrder>('payOrder/payWithBalance', { orderNo });

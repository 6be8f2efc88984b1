import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { get } from '../../../lib/request';

/** GET payOrder/payCheck?orderNo=: polled every 2 s, so never with the loading indicator (seed §7). */
export const payCheck = (orderNo: string) => get<PayOrder>('payOrder/payCheck', { orderNo }, { loading: false });

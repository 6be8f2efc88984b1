import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { get } from '../../../lib/request';

/** GET payOrder/info?orderNo=: one of the user's orders (e.g. the `bid` order that funds a buy listing). */
export const getPayOrder = (orderNo: string) => get<PayOrder>('payOrder/info', { orderNo }, { loading: false });

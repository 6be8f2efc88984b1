import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { post } from '../../../lib/request';

/** POST market/cancelOrder {orderNo}: the buyer drops an unpaid market order; the listing is active again. */
export const cancelMarketOrder = (orderNo: string) => post<PayOrder>('market/cancelOrder', { orderNo });

import type { PayOrder, PayOrderStatus, PayOrderType } from '../../shared/schemas/pay-orders';
import { get } from '../lib/request';

/** GET payOrder/list: the signed-in user's orders, newest first. */
export const listPayOrders = (q: {
  type?: PayOrderType;
  status?: PayOrderStatus;
  itemId?: string;
  page?: number;
  pageSize?: number;
}) => get<PayOrder[]>('payOrder/list', q, { loading: false });

import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import { createMallOrderTypes, type MallOrderDeps } from './mall-order-types';

/**
 * The mall: card infos and products sold from the catalogue's supply, bought through the `card`
 * and `product` pay-order types, registered with pay orders as the market registers `market` and `bid`.
 */
export function createMallService(
  deps: Pick<MallOrderDeps, 'db'>,
  svc: Omit<MallOrderDeps, 'db' | 'payOrders'> & {
    payOrders: MallOrderDeps['payOrders'] & Pick<PayOrdersService, 'registerOrderType'>;
  },
) {
  const orderTypes = createMallOrderTypes({ ...svc, db: deps.db });
  svc.payOrders.registerOrderType('card', orderTypes.card);
  svc.payOrders.registerOrderType('product', orderTypes.product);
  return { orderTypes };
}
export type MallService = ReturnType<typeof createMallService>;

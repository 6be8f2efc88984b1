import type { DeliveryBody, Shipment } from '../../../../shared/schemas/delivery';
import { post } from '../../../lib/request';

/** POST goods/delivery {goodsIds, addressId}: one shipment for all of them. */
export const requestDelivery = (body: DeliveryBody) => post<Shipment>('goods/delivery', body);

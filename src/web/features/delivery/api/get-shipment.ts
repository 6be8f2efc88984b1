import type { Shipment } from '../../../../shared/schemas/delivery';
import { get } from '../../../lib/request';

/** GET logistic/detail?id=: one shipment with its timeline. */
export const getShipment = (id: string) => get<Shipment>('logistic/detail', { id }, { loading: false });

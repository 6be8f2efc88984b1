import type { Shipment } from '../../../../shared/schemas/delivery';
import { get } from '../../../lib/request';

/** GET logistic/list: one page of the user's shipments, newest first. */
export const listShipments = (page: number, pageSize: number) =>
  get<Shipment[]>('logistic/list', { page, pageSize }, { loading: false });

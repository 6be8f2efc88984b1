import type { Shipment } from '../../shared/schemas/delivery';
import { get, type RequestOptions } from '../lib/request';

/** GET logistic/detail?id=: one shipment with its timeline (`quiet`: no toast for a failure). */
export const getShipment = (id: string, opts: Pick<RequestOptions, 'quiet'> = {}) =>
  get<Shipment>('logistic/detail', { id }, { loading: false, ...opts });

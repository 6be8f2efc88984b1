import type { Shipment } from '../../shared/schemas/delivery';
import { post } from '../lib/request';

/** POST logistic/confirm (確認收貨): the owner confirms a delivered shipment, which ends it. */
export const confirmReceipt = (id: string) => post<Shipment>('logistic/confirm', { id });

import type { CreatePayOrder, PayOrder } from '../../shared/schemas/pay-orders';
import { post } from '../lib/request';

/** A fresh key per purchase attempt: a retried request answers the same order, a new attempt a new one. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** POST payOrder/create with its Idempotency-Key header. */
export const createPayOrder = (body: CreatePayOrder, idempotencyKey: string) =>
  post<PayOrder>('payOrder/create', body, { headers: { 'Idempotency-Key': idempotencyKey } });

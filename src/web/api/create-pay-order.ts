import type { CreatePayOrder, PayOrder } from '../../shared/schemas/pay-orders';
import { admissionFor } from '../lib/admission';
import { post } from '../lib/request';

/** A fresh key per purchase attempt: a retried request answers the same order, a new attempt a new one. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** The waiting room's admission to the item of a mall or pack order, when the buyer holds one (decision 044). */
const admissionOf = (body: CreatePayOrder) =>
  body.type === 'card'
    ? admissionFor(`card:${body.cardInfoId}`)
    : body.type === 'product'
      ? admissionFor(`product:${body.productId}`)
      : body.type === 'pack'
        ? admissionFor(`pack:${body.seriesId}`)
        : null;

/** POST payOrder/create with its Idempotency-Key header (and X-Admission-Token for a hot drop's admitted buyer). */
export const createPayOrder = (body: CreatePayOrder, idempotencyKey: string) => {
  const admission = admissionOf(body);
  return post<PayOrder>('payOrder/create', body, {
    headers: { 'Idempotency-Key': idempotencyKey, ...(admission ? { 'X-Admission-Token': admission } : {}) },
  });
};

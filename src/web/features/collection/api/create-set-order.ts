import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { post } from '../../../lib/request';

/**
 * POST payOrder/create {type: 'set'}: one pay order for every listing of a quote. A stale quote is a 409 whose toast
 * says a new quote was made; the screen then asks for it again.
 */
export const createSetOrder = (themeId: string, quoteId: string, idempotencyKey: string) =>
  post<PayOrder>(
    'payOrder/create',
    { type: 'set', themeId, quoteId },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

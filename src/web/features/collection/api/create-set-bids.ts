import type { CreateSetBidsBody, CreateSetBidsResult } from '../../../../shared/schemas/set-bids';
import { post } from '../../../lib/request';

/** POST market/createBids: a buy listing per card nobody sells, all funded by one `bids` pay order (decision 042). */
export const createSetBids = (body: CreateSetBidsBody, idempotencyKey: string) =>
  post<CreateSetBidsResult>('market/createBids', body, { headers: { 'Idempotency-Key': idempotencyKey } });

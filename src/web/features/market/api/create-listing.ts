import type { CreateListingBody, CreateListingResult } from '../../../../shared/schemas/market';
import { post } from '../../../lib/request';

/** A fresh key per attempt: a retried request answers the same buy listing and pay order. */
export const newIdempotencyKey = () => `web-${crypto.randomUUID()}`;

/** POST market/create: a sell listing, or a buy listing with the `bid` pay order that funds it. */
export const createListing = (body: CreateListingBody, idempotencyKey: string) =>
  post<CreateListingResult>('market/create', body, { headers: { 'Idempotency-Key': idempotencyKey } });

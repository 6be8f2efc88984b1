import type { OfferSettings } from '../../../../shared/schemas/offers';
import { get, post } from '../../../lib/request';

/** GET offer/settings: whether an owned item takes offers, and its auto-decline share. */
export const getOfferSettings = (kind: 'card' | 'goods', itemId: string) =>
  get<OfferSettings>('offer/settings', { kind, itemId }, { loading: false });
/** POST offer/settings. */
export const saveOfferSettings = (body: OfferSettings) => post<OfferSettings>('offer/settings', body);

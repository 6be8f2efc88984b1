import type { z } from 'zod';
import type { OfferSettings, OfferSettingsBodySchema } from '../../../../shared/schemas/offers';
import { get, post } from '../../../lib/request';

/** GET offer/settings: whether the owner's item takes offers, and its auto-decline share. */
export const getOfferSettings = (kind: 'card' | 'goods', itemId: string) =>
  get<OfferSettings>('offer/settings', { kind, itemId }, { loading: false });

/** POST offer/settings: the owner switches offers on or off and sets the auto-decline share. */
export const saveOfferSettings = (body: z.infer<typeof OfferSettingsBodySchema>) =>
  post<OfferSettings>('offer/settings', body);

import type { PerkPreview } from '../../shared/schemas/perks';
import { get } from '../lib/request';

/** GET perk/preview: the perk the signed-in buyer's order of this mall item would get now (decision 029). */
export const getPerkPreview = (q: { type: 'card' | 'product'; id: string; quantity: number }) =>
  get<PerkPreview>('perk/preview', q, { loading: false });

import type { PublicCard } from '../../../../shared/schemas/share';
import { get } from '../../../lib/request';

/** GET card/public: a card its owner made public (a private or missing one is the same 404). */
export const getPublicCard = (id: string) => get<PublicCard>('card/public', { id }, { loading: false });

import type { CardDetail } from '../../../../shared/schemas/collection';
import { get } from '../../../lib/request';

/** GET card/detail: a card with its rights and provenance (the public part when it is not the user's). */
export const getCardDetail = (id: string) => get<CardDetail>('card/detail', { id }, { loading: false });

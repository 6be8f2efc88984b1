import type { CardInfoDetail } from '../../shared/schemas/prices';
import { get } from '../lib/request';

/** GET cardInfo/detail?id=: one card info with its sale state. */
export const getCardInfo = (id: string) => get<CardInfoDetail>('cardInfo/detail', { id }, { loading: false });

import type { CardInfo } from '../../../../shared/schemas/catalogue';
import { get } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';

/** GET cardInfo/detail?id=: one card info with its sale state. */
export const getCardInfo = (id: string) => get<CardInfo>('cardInfo/detail', { id }, { loading: false });

export function useCardInfo(id: string) {
  return useLoad(() => getCardInfo(id), [id]);
}

import type { CardInfo, SaleState } from '../../shared/schemas/catalogue';
import { get } from '../lib/request';

export interface CardInfoListParams {
  page: number;
  pageSize: number;
  themeId?: string;
  rarity?: string;
  /** Only what the mall sells (the 卡牌 tab). */
  onSale?: boolean;
  /** One or several states, e.g. ['on_sale', 'upcoming'] for the drops. */
  saleState?: SaleState[];
}

/** GET cardInfo/list: one page of card infos, buyable first (every card info unless `onSale` or `saleState` narrow it). */
export function getCardInfos(p: CardInfoListParams) {
  return get<CardInfo[]>(
    'cardInfo/list',
    {
      page: p.page,
      pageSize: p.pageSize,
      themeId: p.themeId,
      rarity: p.rarity,
      onSale: p.onSale === undefined ? undefined : p.onSale ? 1 : 0,
      saleState: p.saleState?.join(','),
    },
    { loading: false },
  );
}

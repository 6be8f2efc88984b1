import type { CardInfo, Product } from '../../../../shared/schemas/catalogue';
import type { MarketDetail } from '../../../../shared/schemas/market';
import { get, isFailure } from '../../../lib/request';

export type SaleKind = 'card' | 'product' | 'market';

/** What the pay screen shows of a card info or product. */
export interface SaleItem {
  kind: SaleKind;
  id: string;
  name: string;
  image: string;
  subtitle: string;
  priceCents: number | null;
  perUserLimit: number;
  left: number;
  saleState: CardInfo['saleState'];
}

/** GET cardInfo/detail, product/detail or market/detail (a sell listing), reduced to what checkout needs. */
export async function getSaleItem(kind: SaleKind, id: string) {
  if (kind === 'market') {
    const d = await get<MarketDetail>('market/detail', { id }, { loading: false });
    if (isFailure(d)) return d;
    const l = d.listing;
    const open = l !== null && l.sell_type === 0 && l.status === 'active' && !l.mine;
    const subtitle = l ? `市場掛單・賣家 ${l.user.nickname}${l.serialLabel ? `・${l.serialLabel}` : ''}` : '市場掛單';
    return {
      kind,
      id,
      name: l?.itemName ?? d.item.name,
      image: l?.itemImage ?? d.item.image,
      subtitle,
      priceCents: l?.price ?? null,
      perUserLimit: 1,
      left: open ? 1 : 0,
      saleState: open ? 'on_sale' : 'ended',
    } satisfies SaleItem;
  }
  if (kind === 'card') {
    const c = await get<CardInfo>('cardInfo/detail', { id }, { loading: false });
    if (isFailure(c)) return c;
    return {
      kind,
      id: c.id,
      name: c.name,
      image: c.image,
      subtitle: `${c.rarity}・${c.theme.name}・限量 ${c.editionSize} 張`,
      priceCents: c.priceCents,
      perUserLimit: c.perUserLimit,
      left: c.left,
      saleState: c.saleState,
    } satisfies SaleItem;
  }
  const p = await get<Product>('product/detail', { id }, { loading: false });
  if (isFailure(p)) return p;
  return {
    kind,
    id: p.id,
    name: p.name,
    image: p.image,
    subtitle: p.type === 1 ? '實物商品' : '其他商品',
    priceCents: p.priceCents,
    perUserLimit: p.perUserLimit,
    left: p.left,
    saleState: p.saleState,
  } satisfies SaleItem;
}

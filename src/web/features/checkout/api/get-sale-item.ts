import type { CardInfo, Product } from '../../../../shared/schemas/catalogue';
import type { MarketDetail } from '../../../../shared/schemas/market';
import { getCardInfo } from '../../../api/get-card-info';
import { getMarketDetail } from '../../../api/get-market-detail';
import { getProduct } from '../../../api/get-product';
import { isFailure, type Failure } from '../../../lib/request';
import { sideOfSellType } from '../../../../shared/market-labels';

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
  /** When holders of a priority right may buy, before the public start (decision 029); null for none. */
  priorityStartsAt: string | null;
}

type SaleFields = Omit<SaleItem, 'kind' | 'id'>;

/** A sell listing: one piece, open while it is active and not the user's own. */
function fromListing(d: MarketDetail): SaleFields {
  const l = d.listing;
  const open = l !== null && sideOfSellType(l.sell_type) === 'sell' && l.status === 'active' && !l.mine;
  return {
    name: l?.itemName ?? d.item.name,
    image: l?.itemImage ?? d.item.image,
    subtitle: l ? `市場掛單・賣家 ${l.user.nickname}${l.serialLabel ? `・${l.serialLabel}` : ''}` : '市場掛單',
    priceCents: l?.price ?? null,
    perUserLimit: 1,
    left: open ? 1 : 0,
    saleState: open ? 'on_sale' : 'ended',
    priorityStartsAt: null,
  };
}

/** A card info or product sold by the mall: its own price, limit, stock and sale state. */
function fromCatalogue(c: CardInfo | Product, subtitle: string): SaleFields {
  const { name, image, priceCents, perUserLimit, left, saleState, priorityStartsAt } = c;
  return { name, image, subtitle, priceCents, perUserLimit, left, saleState, priorityStartsAt };
}

async function saleFields(kind: SaleKind, id: string): Promise<SaleFields | Failure> {
  if (kind === 'market') {
    const d = await getMarketDetail({ id });
    return isFailure(d) ? d : fromListing(d);
  }
  if (kind === 'card') {
    const c = await getCardInfo(id);
    return isFailure(c) ? c : fromCatalogue(c, `${c.rarity}・${c.theme.name}・限量 ${c.editionSize} 張`);
  }
  const p = await getProduct(id);
  return isFailure(p) ? p : fromCatalogue(p, p.type === 1 ? '實物商品' : '其他商品');
}

/** GET cardInfo/detail, product/detail or market/detail (a sell listing), reduced to what checkout needs. */
export async function getSaleItem(kind: SaleKind, id: string): Promise<SaleItem | Failure> {
  const fields = await saleFields(kind, id);
  return isFailure(fields) ? fields : { kind, id, ...fields };
}

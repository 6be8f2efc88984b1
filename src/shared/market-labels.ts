// The market's fixed values and their zh-HK labels, without zod: the market screen (and its first load on a
// phone) needs these, not the schemas (./schemas/market.ts re-exports them).

/** The wire's `sell_type` (0 = sell, 1 = buy); our code speaks `ListingSide` (./listing-side.ts maps the two). */
export type { SellType } from './listing-side';

export const ITEM_KINDS = ['card', 'goods'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const LISTING_STATUSES = [
  'pending_payment',
  'active',
  'reserved',
  'sold',
  'cancelled',
  'expired',
  'taken_down',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  pending_payment: '待付款',
  active: '掛單中',
  reserved: '交易中',
  sold: '已成交',
  cancelled: '已取消',
  expired: '已過期',
  taken_down: '已下架',
};

export const MARKET_ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'expired'] as const;
export type MarketOrderStatus = (typeof MARKET_ORDER_STATUSES)[number];
export const MARKET_ORDER_STATUS_LABELS: Record<MarketOrderStatus, string> = {
  pending: '待付款',
  completed: '已成交',
  cancelled: '已取消',
  expired: '已逾期',
};

export const LISTING_SORTS = ['price_asc', 'price_desc', 'newest'] as const;
export const LISTING_SORT_LABELS: Record<(typeof LISTING_SORTS)[number], string> = {
  price_asc: '價格由低至高',
  price_desc: '價格由高至低',
  newest: '最新',
};
export const MARKET_ROW_SORTS = ['price_asc', 'price_desc', 'newest', 'count'] as const;
export const MARKET_ROW_SORT_LABELS: Record<(typeof MARKET_ROW_SORTS)[number], string> = {
  ...LISTING_SORT_LABELS,
  count: '掛單數量',
};

/**
 * 「求購 2 張，尚欠 1 張」 (goods: 件): how many copies a buy listing asks for and how many it still wants, so a seller
 * sees the quantity wherever a bid is shown (issue 44).
 */
export function bidWantText(bid: { kind: ItemKind; quantity: number; filled: number }): string {
  const unit = bid.kind === 'card' ? '張' : '件';
  const left = Math.max(0, bid.quantity - bid.filled);
  return `求購 ${bid.quantity} ${unit}，${left > 0 ? `尚欠 ${left} ${unit}` : '已全部收齊'}`;
}

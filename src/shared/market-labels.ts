// The market's fixed values and their zh-HK labels, without zod: the market screen (and its first load on a
// phone) needs these, not the schemas (./schemas/market.ts re-exports them).

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

// Which side of the market a listing (or the market order that trades it) is on. Our code speaks `'sell' | 'buy'`;
// the seed fixes the wire and the `sell_type` column as 0 = sell (寄售), 1 = buy (求購) (seed §3), so that number is
// mapped here and nowhere else: request bodies and queries, answers' `sell_type` / `sellType`, the database column.

export const LISTING_SIDES = ['sell', 'buy'] as const;
export type ListingSide = (typeof LISTING_SIDES)[number];

/** The seed's `sell_type` of each side (wire and database). */
export const SELL_TYPE = { sell: 0, buy: 1 } as const;
export type SellType = (typeof SELL_TYPE)[ListingSide];

/** The side of a seed `sell_type`: 0 is sell, any other value buy (as the seed reads a query's `sell_type`). */
export const sideOfSellType = (sellType: number): ListingSide => (sellType === SELL_TYPE.sell ? 'sell' : 'buy');

/** The side a screen's address names (`?sell_type=1` is buy; none, or anything else, sell). */
export const sideOfParam = (param: string | null): ListingSide => (param === String(SELL_TYPE.buy) ? 'buy' : 'sell');

export const LISTING_SIDE_LABELS: Record<ListingSide, string> = { sell: '出售', buy: '求購' };

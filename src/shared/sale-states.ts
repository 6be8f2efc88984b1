/**
 * Where an item stands in the mall right now (PRODUCT.md §4.2):
 * - `upcoming`: priced, sale starts later (`saleStartsAt`), editions left;
 * - `on_sale`: priced, inside its sale window, editions / stock left;
 * - `sold_out`: nothing left to buy (minted or sold, plus reserved by pending orders);
 * - `ended`: the sale window has closed;
 * - `not_for_sale`: no mall price (code-only cards, B cards).
 */
export const SALE_STATES = ['upcoming', 'on_sale', 'sold_out', 'ended', 'not_for_sale'] as const;
export type SaleState = (typeof SALE_STATES)[number];

/** zh-HK labels of the sale states, as the badges show them. */
export const SALE_STATE_LABELS: Record<SaleState, string> = {
  upcoming: '即將開售',
  on_sale: '發售中',
  sold_out: '已售罄',
  ended: '已結束',
  not_for_sale: '非賣品',
};

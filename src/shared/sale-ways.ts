/**
 * The ways a card or goods unit changes hands (decision 049): every completed trade writes one sale record with its
 * way. A mall drop, a mall product or a mystery pack is sold by the platform; a code and a set exchange cost nothing
 * in money; the rest are trades between two users on the market.
 */
export const SALE_WAYS = [
  'drop',
  'product',
  'pack',
  'code',
  'set_exchange',
  'listing',
  'bid',
  'offer',
  'set_completion',
] as const;
export type SaleWay = (typeof SALE_WAYS)[number];

/** zh-HK names of the ways, as histories and the portfolio show them. */
export const SALE_WAY_LABELS: Record<SaleWay, string> = {
  drop: '商城發售',
  product: '商城商品',
  pack: '福袋',
  code: '兌換碼',
  set_exchange: '集齊兌換',
  listing: '市場購買',
  bid: '求購成交',
  offer: '議價成交',
  set_completion: '一鍵補齊',
};

/** What a sale came from: the listing, bid, offer, quote, drop, product, pack series, code or theme behind it. */
export const SALE_SOURCES = [
  'listing',
  'bid',
  'offer',
  'quote',
  'card_info',
  'product',
  'pack',
  'code',
  'theme',
] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

/**
 * How an item's cost basis was set (decision 049), as the portfolio says it: what was paid for it (a market trade, a
 * mall item net of any perk), its share of a pack's price, the cost of the cards given for it (a B card), or nothing (a
 * code).
 */
export const COST_RULES = ['paid', 'pack_share', 'cards_given', 'code'] as const;
export type CostRule = (typeof COST_RULES)[number];

export const COST_RULE_LABELS: Record<CostRule, string> = {
  paid: '成交價',
  pack_share: '福袋價攤分',
  cards_given: '兌換所用卡牌成本',
  code: '兌換碼（成本 0）',
};

/** The 41 screens (the seed's §2, the trader's desk and order detail of issue 21, search and the watchlist of issue 22, the notification centre and an owned card's public page of issue 23, a pack series and its draws' check of issue 25), all under one layout; none has path parameters. */
export const ROUTE_PATHS = [
  '/',
  '/market',
  '/market/detail',
  '/market/sell',
  '/market/user',
  '/mall',
  '/mall/detail',
  '/mall/goodsDetail',
  '/mall/pay',
  '/mall/goodsPay',
  '/mall/info',
  '/mall/goodsInfo',
  '/mall/article',
  '/mall/pack',
  '/mall/verify',
  '/search',
  '/my',
  '/my/theme',
  '/my/card',
  '/my/collection',
  '/my/collection/order',
  '/my/order',
  '/my/market',
  '/my/watchlist',
  '/my/notifications',
  '/my/notify',
  '/my/rights',
  '/my/entity',
  '/my/entity/order',
  '/my/phone',
  '/my/edit',
  '/my/avatar',
  '/my/verify',
  '/my/payment',
  '/my/privacy',
  '/my/address',
  '/my/address/edit',
  '/my/logistics',
  '/register',
  '/login',
  '/card',
] as const;
export type RoutePath = (typeof ROUTE_PATHS)[number];

/** The screen that shows an order's status: where checkout, the sandbox page and the pay screen send the buyer back. */
export function payOrderReturnPath(order: { type: string; orderNo: string }): string {
  const screen: RoutePath = order.type === 'product' ? '/mall/goodsInfo' : '/mall/info';
  return `${screen}?orderNo=${encodeURIComponent(order.orderNo)}`;
}

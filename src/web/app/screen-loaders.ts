import type { RoutePath } from '../../shared/routes';
import type { FirstScreenPath } from './first-screen-loaders';
import type { ScreenModule } from './lazy-screen';

/**
 * Each route's screen, loaded on demand. The build's bundle budget and preload hints read this file (with
 * `first-screens/`): one line per route, its path then an arrow to one import(). A chunk of its own, fetched with
 * what every screen but "/" waits for. The screens a shared link opens are in `first-screen-loaders.ts` (their page
 * waits only for their own loader).
 */
export const LOADERS: Record<Exclude<RoutePath, FirstScreenPath>, () => Promise<ScreenModule>> = {
  '/': () => import('./home-screen'),
  '/market/sell': () => import('../features/market/market-sell-screen'),
  '/mall/goodsDetail': () => import('../features/mall/goods-detail-screen'),
  '/mall/pay': () => import('../features/checkout/pay-screen'),
  '/mall/goodsPay': () => import('../features/checkout/pay-screen'),
  '/mall/info': () => import('../features/checkout/info-screen'),
  '/mall/goodsInfo': () => import('../features/checkout/info-screen'),
  '/mall/article': () => import('../features/content/article-screen'),
  '/mall/pack': () => import('../features/packs/pack-screen'),
  '/mall/verify': () => import('../features/packs/verify-screen'),
  '/search': () => import('../features/search/search-screen'),
  '/my': () => import('../features/account/my-screen'),
  '/my/theme': () => import('../features/collection/theme-screen'),
  '/my/card': () => import('../features/collection/card-screen'),
  '/my/collection': () => import('../features/collection/collection-screen'),
  '/my/collection/order': () => import('../features/checkout/order-list-screen'),
  '/my/order': () => import('../features/checkout/order-detail-screen'),
  '/my/market': () => import('../features/market/my-market-screen'),
  '/my/watchlist': () => import('../features/watch/watchlist-screen'),
  '/my/notifications': () => import('../features/notifications/notifications-screen'),
  '/my/notify': () => import('../features/notifications/notify-prefs-screen'),
  '/my/rights': () => import('../features/collection/rights-screen'),
  '/my/entity': () => import('../features/delivery/entity-screen'),
  '/my/entity/order': () => import('../features/delivery/entity-order-screen'),
  '/my/phone': () => import('../features/account/phone-screen'),
  '/my/edit': () => import('../features/account/edit-screen'),
  '/my/avatar': () => import('../features/account/avatar-screen'),
  '/my/verify': () => import('../features/identity/verify-screen'),
  '/my/payment': () => import('../features/wallet/payment-screen'),
  '/my/privacy': () => import('../features/content/privacy-screen'),
  '/my/address': () => import('../features/delivery/address-screen'),
  '/my/address/edit': () => import('../features/delivery/address-edit-screen'),
  '/my/logistics': () => import('../features/delivery/logistics-screen'),
  '/register': () => import('../features/auth/register-screen'),
  '/card': () => import('../features/collection/public-card-screen'),
};

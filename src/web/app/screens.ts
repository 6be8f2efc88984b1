import type { RoutePath } from '../../shared/routes';
import type { ScreenModule } from './lazy-screen';

/** Screen of a route; fills in as each feature lands. */
export interface ScreenEntry {
  load: () => Promise<ScreenModule>;
  /** Needs a signed-in user: anonymous visitors are sent to /login. */
  auth?: boolean;
  /** Title in the top bar; screens without one show their own header. */
  title: string;
}

export const SCREENS: Record<RoutePath, ScreenEntry> = {
  '/': { load: () => import('./home-screen'), title: 'Trove 寶庫' },
  '/market': { load: () => import('../features/market/market-screen'), title: '市場' },
  '/market/detail': { load: () => import('../features/market/market-detail-screen'), title: '掛單詳情' },
  '/market/sell': { load: () => import('../features/market/market-sell-screen'), title: '發佈掛單', auth: true },
  '/market/user': { load: () => import('../features/market/market-user-screen'), title: '賣家店舖' },
  '/mall': { load: () => import('../features/mall/mall-screen'), title: '商城' },
  '/mall/detail': { load: () => import('../features/mall/card-detail-screen'), title: '卡牌詳情' },
  '/mall/goodsDetail': { load: () => import('../features/mall/goods-detail-screen'), title: '商品詳情' },
  '/mall/pay': { load: () => import('../features/checkout/pay-screen'), title: '確認訂單', auth: true },
  '/mall/goodsPay': { load: () => import('../features/checkout/pay-screen'), title: '確認訂單', auth: true },
  '/mall/info': { load: () => import('../features/checkout/info-screen'), title: '訂單狀態', auth: true },
  '/mall/goodsInfo': { load: () => import('../features/checkout/info-screen'), title: '訂單狀態', auth: true },
  '/mall/article': { load: () => import('../features/content/article-screen'), title: '文章' },
  '/my': { load: () => import('../features/account/my-screen'), title: '我的', auth: true },
  '/my/theme': { load: () => import('../features/collection/theme-screen'), title: '我的卡冊', auth: true },
  '/my/card': { load: () => import('../features/collection/card-screen'), title: '兌換卡牌' },
  '/my/collection': { load: () => import('../features/collection/collection-screen'), title: '我的收藏', auth: true },
  '/my/collection/order': {
    load: () => import('../features/checkout/order-list-screen'),
    title: '卡牌訂單',
    auth: true,
  },
  '/my/order': { load: () => import('../features/checkout/order-detail-screen'), title: '訂單詳情', auth: true },
  '/my/market': { load: () => import('../features/market/my-market-screen'), title: '我的市場', auth: true },
  '/my/watchlist': { load: () => import('../features/watch/watchlist-screen'), title: '關注清單', auth: true },
  '/my/rights': { load: () => import('../features/collection/rights-screen'), title: '我的權益', auth: true },
  '/my/entity': { load: () => import('../features/delivery/entity-screen'), title: '我的實物', auth: true },
  '/my/entity/order': { load: () => import('../features/delivery/entity-order-screen'), title: '提貨訂單', auth: true },
  '/my/phone': { load: () => import('../features/account/phone-screen'), title: '更換手機號碼', auth: true },
  '/my/edit': { load: () => import('../features/account/edit-screen'), title: '編輯資料', auth: true },
  '/my/avatar': { load: () => import('../features/account/avatar-screen'), title: '更換頭像', auth: true },
  '/my/verify': { load: () => import('../features/identity/verify-screen'), title: '實名認證', auth: true },
  '/my/payment': { load: () => import('../features/wallet/payment-screen'), title: '錢包及收款', auth: true },
  '/my/privacy': { load: () => import('../features/content/privacy-screen'), title: '私隱政策' },
  '/my/address': { load: () => import('../features/delivery/address-screen'), title: '收貨地址', auth: true },
  '/my/address/edit': { load: () => import('../features/delivery/address-edit-screen'), title: '編輯地址', auth: true },
  '/my/logistics': { load: () => import('../features/delivery/logistics-screen'), title: '物流詳情', auth: true },
  '/register': { load: () => import('../features/auth/register-screen'), title: '註冊' },
  '/login': { load: () => import('../features/auth/login-screen'), title: '登入' },
};

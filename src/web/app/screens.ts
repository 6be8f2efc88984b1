import type { RoutePath } from '../../shared/routes';
import type { ScreenModule } from './lazy-screen';

/**
 * What the app shell knows of each route. The screens themselves are loaded through `screen-loaders.ts`, a chunk of its
 * own: their import() calls (with each one's list of files) would cost the first screen's entry some 2.8 KB gzip.
 */
export interface ScreenEntry {
  /** Needs a signed-in user: anonymous visitors are sent to /login. */
  auth?: boolean;
  /** Title in the top bar; screens without one show their own header. */
  title: string;
  /**
   * Its first view shows no antd-mobile text: it shows without waiting for the zh-HK locale, and loads the locale
   * with its antd-mobile parts (`withLocale`, lib/locale-store.ts). The build leaves the locale out of its page's
   * preload hints (tools/route-preloads-plugin.ts reads this flag).
   */
  localeLater?: true;
}

/** The home screen, loaded by the entry itself (the first screen never waits for the loaders' chunk). */
export const loadHome = (): Promise<ScreenModule> => import('./home-screen');

export const SCREENS: Record<RoutePath, ScreenEntry> = {
  '/': { title: 'Trove 寶庫' },
  '/market': { title: '市場', localeLater: true },
  '/market/detail': { title: '掛單詳情', localeLater: true },
  '/market/sell': { title: '發佈掛單', auth: true },
  '/market/user': { title: '賣家店舖', localeLater: true },
  '/mall': { title: '商城', localeLater: true },
  '/mall/detail': { title: '卡牌詳情', localeLater: true },
  '/mall/goodsDetail': { title: '商品詳情' },
  '/mall/pay': { title: '確認訂單', auth: true },
  '/mall/goodsPay': { title: '確認訂單', auth: true },
  '/mall/info': { title: '訂單狀態', auth: true },
  '/mall/goodsInfo': { title: '訂單狀態', auth: true },
  '/mall/article': { title: '文章' },
  '/mall/pack': { title: '卡包' },
  '/mall/verify': { title: '驗證抽卡' },
  '/search': { title: '搜尋' },
  '/my': { title: '我的', auth: true },
  '/my/theme': { title: '我的卡冊', auth: true },
  '/my/card': { title: '兌換卡牌' },
  '/my/collection': { title: '我的收藏', auth: true },
  '/my/collection/order': { title: '卡牌訂單', auth: true },
  '/my/order': { title: '訂單詳情', auth: true },
  '/my/market': { title: '我的市場', auth: true },
  '/my/watchlist': { title: '關注清單', auth: true },
  '/my/notifications': { title: '通知', auth: true },
  '/my/notify': { title: '通知設定', auth: true },
  '/my/rights': { title: '我的權益', auth: true },
  '/my/entity': { title: '我的實物', auth: true },
  '/my/entity/order': { title: '提貨訂單', auth: true },
  '/my/phone': { title: '更換手機號碼', auth: true },
  '/my/edit': { title: '編輯資料', auth: true },
  '/my/avatar': { title: '更換頭像', auth: true },
  '/my/verify': { title: '實名認證', auth: true },
  '/my/payment': { title: '錢包及收款', auth: true },
  '/my/privacy': { title: '私隱政策' },
  '/my/address': { title: '收貨地址', auth: true },
  '/my/address/edit': { title: '編輯地址', auth: true },
  '/my/logistics': { title: '物流詳情', auth: true },
  '/register': { title: '註冊' },
  '/login': { title: '登入', localeLater: true },
  '/card': { title: '卡牌' },
};

import type { RoutePath } from '../../src/shared/routes';

/**
 * Every screen the accessibility checks visit (tests/e2e/a11y.spec.ts). `query` opens a demo item;
 * `auth` screens need a signed-in user. The sweep replaces some queries with items its own user owns.
 */
export interface ScreenVisit {
  query?: string;
  auth?: boolean;
}

export const APP_SCREENS: Record<RoutePath, ScreenVisit> = {
  '/': {},
  '/market': {},
  '/market/detail': { query: '?id=demo' },
  '/market/sell': { auth: true },
  '/market/user': { query: '?id=demo' },
  '/mall': {},
  '/mall/detail': { query: '?id=ci_night_ferry' },
  '/mall/goodsDetail': { query: '?id=prd_qilin_figure' },
  '/mall/pay': { query: '?id=ci_night_ferry', auth: true },
  '/mall/goodsPay': { query: '?id=prd_wallpaper', auth: true },
  '/mall/info': { auth: true }, // opened with a real order
  '/mall/goodsInfo': { auth: true }, // likewise
  '/mall/article': { query: '?id=art_welcome' },
  '/mall/pack': { query: '?id=pk_demo' }, // 找不到這個卡包 here; the sweep opens the demo series (熱門: its queue panel)
  '/mall/verify': { query: '?pack=pk_demo' }, // likewise
  '/search': { query: '?q=麒麟' },
  '/my': { auth: true },
  '/my/theme': { auth: true },
  '/my/card': {},
  '/my/collection': { auth: true },
  '/my/collection/order': { auth: true },
  '/my/order': { auth: true }, // opened with a real order
  '/my/market': { auth: true },
  '/my/watchlist': { auth: true },
  '/my/notifications': { auth: true },
  '/my/notify': { auth: true },
  '/my/rights': { auth: true },
  '/my/entity': { auth: true },
  '/my/entity/order': { auth: true },
  '/my/phone': { auth: true },
  '/my/edit': { auth: true },
  '/my/avatar': { auth: true },
  '/my/verify': { auth: true },
  '/my/payment': { auth: true },
  '/my/privacy': {},
  '/my/address': { auth: true },
  '/my/address/edit': { auth: true },
  '/my/logistics': { auth: true },
  '/register': {},
  '/login': {},
  '/card': { query: '?id=demo' }, // 找不到此卡牌 here; the sweep opens a card its user made public
};

/**
 * The app's sheets, checked open (an opened sheet is a screen): `open` names the button the sweep presses on the
 * screen (its accessible name), opened with the sweep's own query for that screen.
 */
export const APP_SHEETS: { path: RoutePath; open: string | RegExp }[] = [
  // 出價 on another user's listing (decision 040): the offer sheet, price and expiry.
  { path: '/market/detail', open: /^出價：/ },
];

/**
 * The back office's screens (src/web/admin, served at /admin), swept like the app's at 320 px and at 200 % text,
 * signed in as the operator (E2E_A11Y_OPERATOR); the sign-in screen signed out. Create and edit are dialogs over
 * their list: `open` names the button the sweep presses to open one, and the screen is checked with it open.
 * `:user` in a path is the sweep's own user (orders, holdings, a shipment, real-name verification).
 */
export interface AdminScreenVisit {
  path: string;
  query?: string;
  /** The button that opens the dialog to check (its accessible name; the first match). */
  open?: string | RegExp;
  signedOut?: boolean;
}

/** A back-office list whose rows are created and edited in dialogs: the list, its 新增… dialog and a row's 編輯… dialog. */
const editableList = (path: string, noun: string): AdminScreenVisit[] => [
  { path },
  { path, open: `新增${noun}` },
  { path, open: new RegExp(`^編輯${noun} `) },
];

export const ADMIN_SCREENS: AdminScreenVisit[] = [
  { path: '/admin/login', signedOut: true },
  { path: '/admin' },
  ...editableList('/admin/themes', '主題'),
  ...editableList('/admin/cardInfos', '卡牌'),
  ...editableList('/admin/products', '商品'),
  { path: '/admin/drops' },
  { path: '/admin/drops', open: /^新增$/ },
  { path: '/admin/packs' },
  { path: '/admin/packs', open: '新增卡包系列' },
  { path: '/admin/packs', open: /^編輯卡包系列 / },
  { path: '/admin/packs', open: /^詳情 / },
  // A hot series' waiting room: its fairness report and admission rate (decision 044).
  { path: '/admin/packs', open: /的排隊及公平報告$/ },
  { path: '/admin/liveDrops' },
  { path: '/admin/codeBatches' },
  { path: '/admin/codeBatches', open: '產生兌換碼' },
  ...editableList('/admin/banners', '橫額'),
  ...editableList('/admin/articles', '文章'),
  { path: '/admin/privacy' },
  { path: '/admin/privacy', open: '新增版本（草稿）' },
  { path: '/admin/shipments' },
  { path: '/admin/shipments', open: /^發貨 / },
  { path: '/admin/withdrawals' },
  { path: '/admin/ledger' },
  { path: '/admin/identities' },
  { path: '/admin/identities', open: /^撤銷 .*的實名認證$/ },
  { path: '/admin/users' },
  { path: '/admin/users/show/:user' },
  { path: '/admin/users/show/:user', open: '停用帳戶' },
  // 退款 of the user's paid mall order (decision 050): its units, amount, reason and 退回錢包.
  { path: '/admin/users/show/:user', open: /^退款 TR/ },
  { path: '/admin/listings' },
  { path: '/admin/listings', open: /^下架 / },
  { path: '/admin/feedback' },
  { path: '/admin/deadLetters' },
  { path: '/admin/audit' },
  { path: '/admin/no-such-screen' },
];

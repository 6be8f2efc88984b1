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
  '/my': { auth: true },
  '/my/theme': { auth: true },
  '/my/card': {},
  '/my/collection': { auth: true },
  '/my/collection/order': { auth: true },
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
};

/**
 * The back office's screens, swept like the app's (signed in as the operator, E2E_OPERATOR):
 * append `{ path: '/admin/…', query: '?…' }` for each screen as it lands.
 */
export const ADMIN_SCREENS: { path: string; query?: string }[] = [];

import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { expectNoAxeViolations } from './axe';
import { desktopPage, registerOperator } from './back-office';
import { E2E_A11Y_OPERATOR } from './env';
import { signUp } from './session';

/**
 * axe: every screen of the app, signed out and signed in, whatever order the other journeys take.
 * Screens that take an id open a demo item; the order screens open orders this journey places.
 */
const SCREENS: Record<RoutePath, { query?: string; auth?: boolean }> = {
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
  '/mall/info': { auth: true }, // opened below with a real order
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

async function open(page: Page, path: RoutePath) {
  await page.goto(`${path}${SCREENS[path].query ?? ''}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?|$)`));
  await expectNoAxeViolations(page, path);
}

/** Buys one item through the sandbox checkout (audited too) and answers the order screen it returns to. */
async function buy(page: Page, payPath: '/mall/pay' | '/mall/goodsPay', infoPath: '/mall/info' | '/mall/goodsInfo') {
  await page.goto(`${payPath}${SCREENS[payPath].query}`);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expectNoAxeViolations(page, '/pay/sandbox');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(new RegExp(`${infoPath.replace(/\//g, '\\/')}\\?orderNo=`));
  await expect(page.getByText('付款成功')).toBeVisible();
  await expectNoAxeViolations(page, infoPath);
}

test('axe: every screen, signed out and signed in, has no WCAG 2.2 AA violation', async ({ page }) => {
  test.setTimeout(240_000);
  expect(Object.keys(SCREENS).sort()).toEqual([...ROUTE_PATHS].sort());

  // Signed out: the public screens; a guarded one sends the visitor to /login.
  for (const path of ROUTE_PATHS) if (!SCREENS[path].auth) await open(page, path);
  await page.goto('/no-such-screen');
  await expectNoAxeViolations(page, '找不到頁面');

  // Signed in: every screen, the order screens with orders placed through the sandbox checkout.
  await signUp(page, '無障礙測試');
  for (const path of ROUTE_PATHS) {
    if (path === '/mall/info' || path === '/mall/goodsInfo') continue;
    await open(page, path);
  }
  await buy(page, '/mall/pay', '/mall/info');
  await buy(page, '/mall/goodsPay', '/mall/goodsInfo');
});

/** The back office (/admin, its own entry): every screen at the desktop size it is built for. */
const BACK_OFFICE_SCREENS = ['/', '/themes', '/cardInfos', '/products', '/drops', '/codeBatches', '/banners', '/articles', '/privacy', '/shipments', '/withdrawals', '/identities', '/users', '/listings', '/audit'];

test('axe: every back-office screen has no WCAG 2.2 AA violation', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await desktopPage(browser, test.info().project.use.baseURL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page, '/admin/login');

  // Signed in with the session a sign-up answers (the sign-in screen's own journey is in admin.spec.ts).
  const token = await registerOperator(page.request, E2E_A11Y_OPERATOR, '無障礙營運');
  const me = (await (await page.request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: string; phone: string; nickname: string; roles: string[] } };
  await page.evaluate((session) => localStorage.setItem('trove.admin.session', JSON.stringify(session)), { token, user: me.data });
  for (const path of BACK_OFFICE_SCREENS) {
    await page.goto(`/admin${path === '/' ? '' : path}`);
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
    await expectNoAxeViolations(page, `/admin${path}`);
  }
  await page.goto(`/admin/users/show/${me.data.id}`);
  await expect(page.getByRole('heading', { name: `用戶：${me.data.nickname}` })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/users/show');
});

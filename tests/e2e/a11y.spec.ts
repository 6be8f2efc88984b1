import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { hkidCheckDigit } from '../../src/shared/identity';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { clippingProblems, focusSweep, freezeTransitions, nameProblems, overflowProblems, scaleText, targetSizeProblems } from './a11y-checks';
import { expectNoAxeViolations } from './axe';
import { ADMIN_SCREENS, APP_SCREENS } from './screens';
import { desktopPage, registerOperator } from './back-office';
import { E2E_A11Y_OPERATOR } from './env';
import { signUp } from './session';

/**
 * axe: every screen of the app, signed out and signed in, whatever order the other journeys take.
 * Screens that take an id open a demo item; the order screens open orders this journey places.
 */
const SCREENS = APP_SCREENS;

async function open(page: Page, path: RoutePath) {
  await page.goto(`${path}${SCREENS[path].query ?? ''}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?|$)`));
  await expectNoAxeViolations(page, path);
}

/** Buys one item through the sandbox checkout (audited too) and answers the order screen's URL. */
async function buy(page: Page, payPath: string, infoPath: '/mall/info' | '/mall/goodsInfo', audit = true): Promise<string> {
  await page.goto(payPath);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  if (audit) await expectNoAxeViolations(page, '/pay/sandbox');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(new RegExp(`${infoPath.replace(/\//g, '\\/')}\\?orderNo=`));
  await expect(page.getByText('付款成功')).toBeVisible();
  if (audit) await expectNoAxeViolations(page, infoPath);
  return new URL(page.url()).search;
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
  await buy(page, `/mall/pay${SCREENS['/mall/pay'].query}`, '/mall/info');
  await buy(page, `/mall/goodsPay${SCREENS['/mall/goodsPay'].query}`, '/mall/goodsInfo');
});

/* ---------------------------------------------------------------------------------------------
 * The sweep: every screen at 320 px and at 200 % text, signed in as a user with demo data (a card,
 * physical goods, an address, a shipment, real-name verification), and signed out where it differs.
 * One browser context per viewport; the signed-in state is made once and reused.
 * ------------------------------------------------------------------------------------------- */

interface Visit {
  name: string;
  url: string;
  signedIn: boolean;
}

let signedInState: Awaited<ReturnType<BrowserContext['storageState']>> | null = null;
let visits: Visit[] = [];

const contextFor = (browser: Browser, width: number, signedIn: boolean) => {
  const use = test.info().project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: { width, height: 640 },
    locale: use.locale,
    timezoneId: use.timezoneId,
    ...(signedIn && signedInState ? { storageState: signedInState } : {}),
  });
};

function freshHkid(): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${letter}${digits}(${hkidCheckDigit(letter, digits)})`;
}

/** Signs up a user and gives them something on every screen; answers the visits of the sweep. */
async function prepare(browser: Browser): Promise<void> {
  if (signedInState) return;
  const context = await contextFor(browser, 390, false);
  const page = await context.newPage();
  await signUp(page, '寬度測試');
  const cardOrder = await buy(page, '/mall/pay?id=ci_night_ferry', '/mall/info', false);
  const goodsOrder = await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo', false);
  const token = await page.evaluate(() => {
    const stored = Object.values(localStorage).find((v) => v.includes('"token"'));
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await page.request.fetch(`/api/${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(body ? { data: body } : {}) });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
    return json.data;
  };
  const address = await api<{ id: string }>('POST', 'address/add', { recipient: '陳大文', phone: '+85291234567', region: '九龍', district: '觀塘區', detail: '觀塘道 1 號 10 樓 A 室', isDefault: true });
  await api('POST', 'address/add', { recipient: '李小姐', phone: '+85261234567', region: '新界', district: '沙田區', detail: '沙田正街 18 號 3 樓', isDefault: false });
  await api('POST', 'userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  const goods = await api<{ id: string }[]>('GET', 'goods/list?type=1&status=held&page=1&pageSize=20');
  const shipment = await api<{ id: string }>('POST', 'goods/delivery', { goodsIds: [goods[0]!.id], addressId: address.id });
  // Buy the sleeves again, so /my/entity lists goods still held.
  await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo', false);
  const listings = await api<{ id: string; user: { id: string } }[]>('GET', 'market/list?page=1&pageSize=1');
  signedInState = await context.storageState();
  await context.close();

  const query: Partial<Record<RoutePath, string>> = {
    '/market/detail': `?id=${listings[0]!.id}`,
    '/market/user': `?id=${listings[0]!.user.id}`,
    '/mall/info': cardOrder,
    '/mall/goodsInfo': goodsOrder,
    '/my/address/edit': `?id=${address.id}`,
    '/my/logistics': `?id=${shipment.id}`,
  };
  visits = [
    ...ROUTE_PATHS.map((path) => ({ name: path, url: `${path}${query[path] ?? APP_SCREENS[path].query ?? ''}`, signedIn: true })),
    // Signed out, the screens that show something else then.
    ...(['/login', '/register', '/my/card'] as const).map((path) => ({ name: `${path} (signed out)`, url: path, signedIn: false })),
    ...ADMIN_SCREENS.map((s) => ({ name: s.path, url: `${s.path}${s.query ?? ''}`, signedIn: true })),
  ];
}

async function visit(page: Page, v: Visit): Promise<void> {
  await page.goto(v.url);
  await expect(page.locator('.screen-loading, .state-loading')).toHaveCount(0);
  await expect(page.locator('.adm-toast-main').filter({ hasText: '載入中…' })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function sweep(browser: Browser, width: number, check: (page: Page, v: Visit) => Promise<string[]>): Promise<void> {
  await prepare(browser);
  const failures: string[] = [];
  for (const signedIn of [true, false]) {
    const context = await contextFor(browser, width, signedIn);
    const page = await context.newPage();
    for (const v of visits.filter((x) => x.signedIn === signedIn)) {
      await visit(page, v);
      const problems = await check(page, v);
      failures.push(...problems.map((p) => `${v.name}: ${p}`));
    }
    await context.close();
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

test('a11y: every screen at 320 px: no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title', async ({ browser }) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, async (page) => {
    await freezeTransitions(page);
    const problems = [...(await overflowProblems(page)), ...(await targetSizeProblems(page)), ...(await nameProblems(page))];
    const title = await page.title();
    const heading = (await page.locator('.app-title').textContent()) ?? '';
    if (!title.includes(heading)) problems.push(`document.title "${title}" does not name the screen "${heading}"`);
    const focus = await focusSweep(page, 30);
    if (focus.stops === 0) problems.push('no Tab stop');
    problems.push(...focus.problems);
    return problems;
  });
});

test('a11y: every screen at 320 px with 200 % text: nothing clipped, overlapping or scrolling sideways', async ({ browser }) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, async (page) => {
    await scaleText(page, 2);
    return [...(await overflowProblems(page)), ...(await clippingProblems(page))];
  });
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

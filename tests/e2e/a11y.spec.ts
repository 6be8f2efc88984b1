import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { hkidCheckDigit } from '../../src/shared/identity';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { clippingProblems, nameProblems, overflowProblems, scaleText, targetSizeProblems } from './a11y-checks';
import { focusSweep, freezeTransitions } from './focus-checks';
import { appLive, expectNoAxeViolations } from './axe';
import { ADMIN_SCREENS, APP_SCREENS } from './screens';
import { desktopPage, registerOperator } from './back-office';
import { E2E_A11Y_OPERATOR, E2E_PORT } from './env';
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
async function buy(
  page: Page,
  payPath: string,
  infoPath: '/mall/info' | '/mall/goodsInfo',
  audit = true,
): Promise<string> {
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
  /** A back-office screen (antd: waits for its spinners, names itself by its page heading). */
  admin?: boolean;
  /** The button that opens the dialog the screen is checked with. */
  open?: string | RegExp;
}

let signedInState: Awaited<ReturnType<BrowserContext['storageState']>> | null = null;
let visits: Visit[] = [];
let adminVisits: Visit[] = [];

/**
 * The operator's back-office session (E2E_A11Y_OPERATOR), made once per run for the axe audit and the sweep. It is kept
 * in a file beside the run's data, because Playwright starts a fresh worker (and module) after a failed test, and the
 * number can register only once; a token the server no longer knows (an earlier run's) is replaced.
 */
type OperatorSession = { token: string; user: { id: string; phone: string; nickname: string; roles: string[] } };
const OPERATOR_FILE = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-a11y-operator.json`);
async function operatorSession(request: APIRequestContext): Promise<OperatorSession> {
  const me = async (token: string) => {
    const res = await request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
    return res.ok() ? ((await res.json()) as { data: OperatorSession['user'] }).data : null;
  };
  if (existsSync(OPERATOR_FILE)) {
    const kept = JSON.parse(readFileSync(OPERATOR_FILE, 'utf8')) as OperatorSession;
    if ((await me(kept.token))?.roles.includes('admin')) return kept;
  }
  const token = await registerOperator(request, E2E_A11Y_OPERATOR, '無障礙營運');
  const session = { token, user: (await me(token))! };
  writeFileSync(OPERATOR_FILE, JSON.stringify(session));
  return session;
}

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

/**
 * Signs up a user and gives them something on every screen, and signs the operator in to the back office in the
 * same browser (each keeps its own session key); answers the visits of the sweep.
 */
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
    const res = await page.request.fetch(`/api/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      ...(body ? { data: body } : {}),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
    return json.data;
  };
  const address = await api<{ id: string }>('POST', 'address/add', {
    recipient: '陳大文',
    phone: '+85291234567',
    region: '九龍',
    district: '觀塘區',
    detail: '觀塘道 1 號 10 樓 A 室',
    isDefault: true,
  });
  await api('POST', 'address/add', {
    recipient: '李小姐',
    phone: '+85261234567',
    region: '新界',
    district: '沙田區',
    detail: '沙田正街 18 號 3 樓',
    isDefault: false,
  });
  await api('POST', 'userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  const goods = await api<{ id: string }[]>('GET', 'goods/list?type=1&status=held&page=1&pageSize=20');
  const shipment = await api<{ id: string }>('POST', 'goods/delivery', {
    goodsIds: [goods[0]!.id],
    addressId: address.id,
  });
  // Buy the sleeves again, so /my/entity lists goods still held.
  await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo', false);
  const listings = await api<{ id: string; user: { id: string } }[]>('GET', 'market/list?page=1&pageSize=1');
  const me = await api<{ id: string }>('GET', 'user/info');
  // An order left unpaid: its sandbox checkout page is swept too.
  await page.goto('/mall/pay?id=ci_night_ferry');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const checkout = new URL(page.url()).pathname;
  // The back office, in the same browser under its own key.
  const session = await operatorSession(page.request);
  await page.evaluate((value) => localStorage.setItem('trove.admin.session', JSON.stringify(value)), session);
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
    ...ROUTE_PATHS.map((path) => ({
      name: path,
      url: `${path}${query[path] ?? APP_SCREENS[path].query ?? ''}`,
      signedIn: true,
    })),
    { name: '/pay/sandbox (模擬付款)', url: checkout, signedIn: true },
    // Signed out, the screens that show something else then.
    ...(['/login', '/register', '/my/card'] as const).map((path) => ({
      name: `${path} (signed out)`,
      url: path,
      signedIn: false,
    })),
  ];
  adminVisits = ADMIN_SCREENS.map((s) => ({
    name: `${s.path}${s.open ? ` (${String(s.open)})` : ''}`,
    url: `${s.path.replace(':user', me.id)}${s.query ?? ''}`,
    signedIn: !s.signedOut,
    admin: true,
    ...(s.open ? { open: s.open } : {}),
  }));
}

/** Waits until antd's dialog has finished zooming in and its messages have gone. */
async function antdSettled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
  await expect(
    page.locator(
      '.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter, .ant-move-up-appear, .ant-move-up-enter',
    ),
  ).toHaveCount(0);
}

async function visit(page: Page, v: Visit): Promise<void> {
  await page.goto(v.url);
  if (v.admin) {
    await antdSettled(page);
    if (v.open) {
      await page.getByRole('button', { name: v.open }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await antdSettled(page);
    }
  } else {
    await appLive(page);
    await expect(page.locator('.screen-loading, .state-loading')).toHaveCount(0);
    await expect(page.locator('.adm-toast-main').filter({ hasText: '載入中…' })).toHaveCount(0);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function sweep(
  browser: Browser,
  width: number,
  which: 'app' | 'admin',
  check: (page: Page, v: Visit) => Promise<string[]>,
): Promise<void> {
  await prepare(browser);
  const failures: string[] = [];
  const list = which === 'app' ? visits : adminVisits;
  for (const signedIn of [true, false]) {
    const context = await contextFor(browser, width, signedIn);
    const page = await context.newPage();
    for (const v of list.filter((x) => x.signedIn === signedIn)) {
      await visit(page, v);
      const problems = await check(page, v);
      failures.push(...problems.map((p) => `${v.name}: ${p}`));
    }
    await context.close();
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

/** 320 px: no sideways scroll, targets, names, a title naming the screen, a focus indicator at every Tab stop. */
async function narrowChecks(page: Page, v: Visit): Promise<string[]> {
  await freezeTransitions(page);
  const problems = [
    ...(await overflowProblems(page)),
    ...(await targetSizeProblems(page)),
    ...(await nameProblems(page)),
  ];
  const title = await page.title();
  // The app's top bar, the sandbox checkout's heading, the back office's page heading.
  const heading = v.admin
    ? await adminHeading(page)
    : ((await page.locator('.app-title, body > main > h1').first().textContent()) ?? '');
  if (!heading.trim()) problems.push('no heading names the screen');
  else if (!title.includes(heading.trim()))
    problems.push(`document.title "${title}" does not name the screen "${heading}"`);
  const focus = await focusSweep(page, v.admin ? 60 : 30);
  if (focus.stops === 0) problems.push('no Tab stop');
  problems.push(...focus.problems);
  return problems;
}

/** The back office's screen name: the page heading (the list's or record's title), or the sign-in card's. */
async function adminHeading(page: Page): Promise<string> {
  return (
    (await page
      .locator('main h1, .ant-page-header-heading-title, .admin-login-title, .ant-result-title')
      .first()
      .textContent()) ?? ''
  );
}

/** 200 % text: nothing scrolling sideways, clipped or overlapping. */
async function largeTextChecks(page: Page): Promise<string[]> {
  await scaleText(page, 2);
  return [...(await overflowProblems(page)), ...(await clippingProblems(page))];
}

test('a11y: every screen at 320 px: no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, 'app', narrowChecks);
});

test('a11y: every screen at 320 px with 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, 'app', largeTextChecks);
});

test('a11y: every back-office screen and dialog at 320 px: no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, 'admin', narrowChecks);
});

test('a11y: every back-office screen and dialog at 320 px with 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await sweep(browser, 320, 'admin', largeTextChecks);
});

/** The back office (/admin, its own entry): axe on every screen and dialog of ADMIN_SCREENS at the desktop size it is built for. */
test('axe: every back-office screen has no WCAG 2.2 AA violation', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await desktopPage(browser, test.info().project.use.baseURL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page, '/admin/login');

  // Signed in with the session a sign-up answers (the sign-in screen's own journey is in admin.spec.ts).
  const session = await operatorSession(page.request);
  await page.evaluate((value) => localStorage.setItem('trove.admin.session', JSON.stringify(value)), session);
  // `:user`: a user who is not an operator (an operator cannot disable their own account).
  const users = (await (
    await page.request.get('/api/admin/users?page=1&pageSize=50', {
      headers: { Authorization: `Bearer ${session.token}` },
    })
  ).json()) as { data: { id: string; roles: string[]; status: string }[] };
  const user = users.data.find((u) => !u.roles.includes('admin') && u.status === 'active')!.id;
  for (const s of ADMIN_SCREENS.filter((x) => !x.signedOut)) {
    const v: Visit = {
      name: s.path,
      url: `${s.path.replace(':user', user)}${s.query ?? ''}`,
      signedIn: true,
      admin: true,
      ...(s.open ? { open: s.open } : {}),
    };
    await visit(page, v);
    await expectNoAxeViolations(page, `${s.path}${s.open ? ` (${String(s.open)})` : ''}`);
  }
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { openSheet } from './focus-checks';
import { appLive, expectNoAxeViolations } from './axe';
import { api, fundBid, leftForOthers, tokenOf } from './market-setup';
import { ADMIN_SCREENS, APP_SCREENS, APP_SHEETS } from './screens';
import { registerOperator } from './back-office';
import { E2E_A11Y_OPERATOR, E2E_A11Y_OPERATOR_FILE } from './env';
import { signUp, freshHkid } from './session';

/**
 * The accessibility sweeps of a11y.spec.ts (the app) and a11y-admin.spec.ts (the back office): each spec file runs in a
 * worker of its own, so each prepares its own signed-in user.
 */

/** Buys one item through the sandbox checkout (audited too) and answers the order screen's URL. */
export async function buy(
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
/* ---------------------------------------------------------------------------------------------
 * The sweep: every screen at 320 px and at 200 % text, signed in as a user with demo data (a card,
 * physical goods, an address, a shipment, real-name verification), and signed out where it differs.
 * One browser context per viewport; the signed-in state is made once and reused.
 * ------------------------------------------------------------------------------------------- */

export interface Visit {
  name: string;
  url: string;
  signedIn: boolean;
  /** A back-office screen (antd: waits for its spinners, names itself by its page heading). */
  admin?: boolean;
  /** The button that opens the dialog the screen is checked with. */
  open?: string | RegExp;
  /** Audited by axe only (the public screens signed out, which the sweep otherwise checks signed in). */
  axeOnly?: boolean;
}

/** The screens the sweep checks whole signed out too: they show something else then. */
const SIGNED_OUT_SCREENS: readonly RoutePath[] = ['/login', '/register', '/my/card'];

type State = Awaited<ReturnType<BrowserContext['storageState']>>;
let signedInState: State | null = null;
/** The same browser state with the back office's session too (made only by the back-office sweep, see prepare). */
let operatorState: State | null = null;
let visits: Visit[] = [];
let adminVisits: Visit[] = [];

/**
 * The operator's back-office session (E2E_A11Y_OPERATOR), made once per run for the axe audit and the sweep. It is kept
 * in a file beside the run's data, because Playwright starts a fresh worker (and module) after a failed test, and the
 * number can register only once; a token the server no longer knows (an earlier run's) is replaced.
 */
type OperatorSession = { token: string; user: { id: string; phone: string; nickname: string; roles: string[] } };
async function operatorSession(request: APIRequestContext): Promise<OperatorSession> {
  const me = async (token: string) => {
    const res = await request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
    return res.ok() ? ((await res.json()) as { data: OperatorSession['user'] }).data : null;
  };
  if (existsSync(E2E_A11Y_OPERATOR_FILE)) {
    const kept = JSON.parse(readFileSync(E2E_A11Y_OPERATOR_FILE, 'utf8')) as OperatorSession;
    if ((await me(kept.token))?.roles.includes('admin')) return kept;
  }
  const token = await registerOperator(request, E2E_A11Y_OPERATOR, '無障礙營運');
  const session = { token, user: (await me(token))! };
  writeFileSync(E2E_A11Y_OPERATOR_FILE, JSON.stringify(session));
  return session;
}

const contextFor = (browser: Browser, width: number, signedIn: boolean, state = signedInState) => {
  const use = test.info().project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: { width, height: 640 },
    locale: use.locale,
    timezoneId: use.timezoneId,
    ...(signedIn && state ? { storageState: state } : {}),
  });
};

/** The browser state a sweep starts from: the user's, and for the back office's sweep the operator's too. */
async function prepare(browser: Browser, which: 'app' | 'admin'): Promise<void> {
  if (!signedInState) await prepareUser(browser);
  if (which === 'admin' && !operatorState) operatorState = await withOperator(browser);
}

/** The user's browser state with the operator signed in to the back office too (each keeps its own session key). */
async function withOperator(browser: Browser): Promise<State> {
  const context = await contextFor(browser, 390, false);
  const session = await operatorSession(context.request);
  await context.close();
  const item = { name: 'trove.admin.session', value: JSON.stringify(session) };
  const state = signedInState!;
  return { ...state, origins: state.origins.map((o) => ({ ...o, localStorage: [...o.localStorage, item] })) };
}

/** Signs up a user and gives them something on every screen; answers the visits of the sweeps. */
async function prepareUser(browser: Browser): Promise<void> {
  const context = await contextFor(browser, 390, false);
  const page = await context.newPage();
  await signUp(page, '寬度測試');
  const cardOrder = await buy(page, '/mall/pay?id=ci_night_ferry', '/mall/info', false);
  const goodsOrder = await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo', false);
  const token = await tokenOf(page);
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => api<T>(page, token, method, path, body);
  const address = await call<{ id: string }>('POST', 'address/add', {
    recipient: '陳大文',
    phone: '+85291234567',
    region: '九龍',
    district: '觀塘區',
    detail: '觀塘道 1 號 10 樓 A 室',
    isDefault: true,
  });
  await call('POST', 'address/add', {
    recipient: '李小姐',
    phone: '+85261234567',
    region: '新界',
    district: '沙田區',
    detail: '沙田正街 18 號 3 樓',
    isDefault: false,
  });
  await call('POST', 'userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  const goods = await call<{ id: string }[]>('GET', 'goods/list?type=1&status=held&page=1&pageSize=20');
  const shipment = await call<{ id: string }>('POST', 'goods/delivery', {
    goodsIds: [goods[0]!.id],
    addressId: address.id,
  });
  await fundBid(page, token, 'ci_night_ferry', 100); // /my/market lists a bid to 改價 (its sheet is swept too)
  // Buy the sleeves again, so /my/entity lists goods still held.
  await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo', false);
  // A listing other than the first (/market/detail shows that one), taken at random: the other sweep's user buys one
  // at the same moment, and the next is tried when it got there first.
  const forSale = (await call<{ id: string; cardInfoId: string | null }[]>('GET', 'market/list?page=1&pageSize=20'))
    .slice(1)
    .filter(leftForOthers);
  forSale.sort(() => Math.random() - 0.5);
  let bought = false;
  for (const listing of forSale.slice(0, 3)) {
    bought = await buy(page, `/mall/pay?listingId=${listing.id}`, '/mall/info', false).then(
      () => true,
      () => false,
    );
    if (bought) break;
  }
  expect(bought, 'the sweep user bought a market listing').toBe(true);
  const listings = await call<{ id: string; user: { id: string } }[]>('GET', 'market/list?page=1&pageSize=1');
  const me = await call<{ id: string }>('GET', 'user/info');
  // /my/watchlist lists a card info and a listing, with their prices.
  await call('POST', 'watch/add', { kind: 'cardInfo', id: 'ci_night_ferry' });
  await call('POST', 'watch/add', { kind: 'listing', id: listings[0]!.id });
  // /card shows a card of this user's, made public.
  const [owned] = await call<{ id: string }[]>('GET', 'card/collection?page=1&pageSize=1');
  await call('POST', 'card/public', { id: owned!.id, public: true });
  // …and, above them, a price alert (issue 23).
  await call('POST', 'alert/create', { cardInfoId: 'ci_night_ferry', side: 'ask', op: 'below', price: 100 });
  // /mall/pack and /mall/verify: the demo pack series (issue 25).
  const [pack] = await call<{ id: string }[]>('GET', 'pack/list');
  // An order left unpaid: its sandbox checkout page is swept too.
  await page.goto('/mall/pay?id=ci_night_ferry');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const checkout = new URL(page.url()).pathname;
  signedInState = await context.storageState();
  await context.close();

  const query: Partial<Record<RoutePath, string>> = {
    '/market/detail': `?id=${listings[0]!.id}`,
    '/market/user': `?id=${listings[0]!.user.id}`,
    '/mall/info': cardOrder,
    '/mall/goodsInfo': goodsOrder,
    '/my/address/edit': `?id=${address.id}`,
    '/my/logistics': `?id=${shipment.id}`,
    '/my/order': cardOrder,
    '/my/market': '?side=buy',
    '/card': `?id=${owned!.id}`,
    '/mall/pack': `?id=${pack!.id}`,
    '/mall/verify': `?pack=${pack!.id}`,
  };
  visits = [
    ...ROUTE_PATHS.map((path) => ({
      name: path,
      url: `${path}${query[path] ?? APP_SCREENS[path].query ?? ''}`,
      signedIn: true,
    })),
    { name: '/pay/sandbox (模擬付款)', url: checkout, signedIn: true },
    // Sheets and dialogs, opened: /market's filter sheet was once 470 px wide on a 390 px screen.
    { name: '/market (篩選)', url: '/market', signedIn: true, open: /^篩選/ },
    { name: '/my/collection (卡牌詳情)', url: '/my/collection', signedIn: true, open: /，查看詳情$/ },
    { name: '/my/entity (物品詳情)', url: '/my/entity', signedIn: true, open: /」詳情$/ },
    { name: '/my/entity (更換地址)', url: '/my/entity', signedIn: true, open: '更換地址' },
    { name: '/my/address (刪除地址)', url: '/my/address', signedIn: true, open: /^刪除「/ },
    { name: '/my (登出)', url: '/my', signedIn: true, open: '登出' },
    // ... and the feedback sheet of the completed market purchase (the second listing, bought above).
    { name: '/my/collection/order (評價)', url: '/my/collection/order?tab=buyer', signedIn: true, open: /^評價交易/ },
    { name: '/my/market (改價)', url: '/my/market?side=buy', signedIn: true, open: /^改價/ },
    // Issue 24's and 23's sheets: an offer and a price alert on the first listing, the set-completion quote.
    { name: '/market/detail (出價)', url: `/market/detail?id=${listings[0]!.id}`, signedIn: true, open: /^出價：/ },
    {
      name: '/market/detail (價格提醒)',
      url: `/market/detail?id=${listings[0]!.id}`,
      signedIn: true,
      open: /^價格提醒：/,
    },
    { name: '/my/theme (一鍵補齊)', url: '/my/theme', signedIn: true, open: '一鍵補齊' },
    { name: '/my/order (商品訂單)', url: `/my/order${goodsOrder}`, signedIn: true },
    ...APP_SHEETS.map((s) => ({
      name: `${s.path} (${String(s.open)})`,
      url: `${s.path}${query[s.path] ?? APP_SCREENS[s.path].query ?? ''}`,
      signedIn: true,
      open: s.open,
    })),
    // Signed out, the screens that show something else then; axe on every public screen and the unknown address.
    ...SIGNED_OUT_SCREENS.map((p) => ({
      name: `${p} (signed out)`,
      url: p,
      signedIn: false,
    })),
    ...ROUTE_PATHS.filter((p) => !APP_SCREENS[p].auth && !SIGNED_OUT_SCREENS.includes(p)).map((p) => ({
      name: p,
      url: `${p}${APP_SCREENS[p].query ?? ''}`,
      signedIn: false,
      axeOnly: true,
    })),
    { name: '找不到頁面', url: '/no-such-screen', signedIn: false },
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

export async function visit(page: Page, v: Visit): Promise<void> {
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
    if (v.open) {
      await openSheet(page, v.open);
    }
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

export async function sweep(
  browser: Browser,
  width: number,
  which: 'app' | 'admin',
  check: (page: Page, v: Visit) => Promise<string[]>,
): Promise<void> {
  await prepare(browser, which);
  const failures: string[] = [];
  const list = which === 'app' ? visits : adminVisits;
  for (const signedIn of [true, false]) {
    const context = await contextFor(browser, width, signedIn, which === 'app' ? signedInState : operatorState);
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

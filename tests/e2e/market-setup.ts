import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { freshHkid, signUp, type Phone } from './session';
import { codeIn, waitForSms } from './sms-outbox';

/** A second user's page in a context of its own, set up as the test's own page is. */
export async function newPage(browser: Browser): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    locale: use.locale,
    timezoneId: use.timezoneId,
  });
  return context.newPage();
}

/** Pays the order the app opened on the sandbox checkout, and waits for the app's info screen (a card's or goods'). */
export async function paySandbox(page: Page) {
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/mall\/(goods)?[iI]nfo\?orderNo=/);
  await expect(page.getByText('付款成功')).toBeVisible();
}

/**
 * Real-name verification on /my/verify with a fresh HKID. `checks`: first a wrong check digit, which the form
 * refuses before anything is sent, and the screen's axe audit.
 */
export async function verify(page: Page, name: string, { checks = false } = {}) {
  await page.goto('/my/verify');
  await page.getByLabel('證件上的姓名').fill(name);
  if (checks) {
    await page.getByLabel('證件號碼').fill('A123456(4)');
    await page.getByRole('button', { name: '提交認證' }).click();
    await expect(page.getByRole('alert')).toContainText('香港身份證');
    await expectNoAxeViolations(page, '/my/verify');
  }
  await page.getByLabel('證件號碼').fill(freshHkid());
  await page.getByRole('button', { name: '提交認證' }).click();
  await expect(page.getByText('已完成實名認證')).toBeVisible();
  await expect(page.getByText(/^[A-Z]{1,2}\d{2}\*{4}\([0-9A]\)$/)).toBeVisible();
}

/**
 * The payout account on /my/payment, with the SMS re-check sent to `phone` (its second code: the first signed up).
 * `checks`: first the empty state and the screen's axe audit.
 */
export async function setPayoutAccount(page: Page, phone: Phone, name: string, { checks = false } = {}) {
  await page.goto('/my/payment');
  if (checks) {
    await expect(page.getByText('未設定收款帳戶。設定後可出售物品及提現。')).toBeVisible();
    await expectNoAxeViolations(page, '/my/payment');
  }
  await page.getByLabel('帳戶名稱').fill(name);
  await page.getByLabel('帳戶號碼').fill('12345678');
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
  await page.getByLabel('短訊驗證碼（發送到你的手機）').fill(codeIn(await waitForSms(phone.e164, 2)));
  await page.getByRole('button', { name: '儲存收款帳戶' }).click();
  await expect(page.getByText(new RegExp(`轉數快 FPS・${name}・\\*+5678`))).toBeVisible();
}

/**
 * A seller: signs up as `nickname`, buys `copies` 天星小輪 in the mall (HK$38 each) through the sandbox checkout, is
 * verified as 陳大文 and has a payout account. `checks`: the verification and payout screens' error and empty
 * states and axe audits on the way.
 */
export async function readySeller(
  page: Page,
  nickname: string,
  { copies = 1, checks = false }: { copies?: number; checks?: boolean } = {},
): Promise<Phone> {
  const phone = await signUp(page, nickname);
  await page.goto('/mall/pay?id=ci_night_ferry');
  for (let i = 1; i < copies; i++) await page.getByRole('button', { name: '增加' }).click();
  await page.getByRole('button', { name: '確認付款' }).click();
  await paySandbox(page);
  await verify(page, '陳大文', { checks });
  await setPayoutAccount(page, phone, '陳大文', { checks });
  return phone;
}

/** A buyer in a browser context of their own: signed up as `nickname` and verified as 李小龍. */
export async function readyBuyer(browser: Browser, nickname: string): Promise<Page> {
  const page = await newPage(browser);
  await signUp(page, nickname);
  await verify(page, '李小龍');
  return page;
}
/** The signed-in user's bearer token, from the stored session. */
export const tokenOf = (page: Page) =>
  page.evaluate(() => {
    const stored = Object.values(localStorage).find((v) => v.includes('"token"'));
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });

/** Calls the API as the signed-in user (set-up the journey does not walk through). */
export async function api<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A buy listing of the signed-in user (`token`) for `cardInfoId` at `price` cents, paid at the sandbox checkout. */
export async function fundBid(page: Page, token: string, cardInfoId: string, price: number): Promise<string> {
  const res = await page.request.fetch('/api/market/create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-bid-${Date.now()}-${Math.random()}` },
    data: { sell_type: 1, kind: 'card', cardInfoId, price },
  });
  const created = (await res.json()) as {
    code: number;
    msg: string;
    data: { payUrl: string; listing: { id: string } };
  };
  expect(created.code, created.msg).toBe(200);
  await page.goto(created.data.payUrl);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
  return created.data.listing.id;
}

/**
 * Whether a journey may buy this demo listing: not a copy of 神獸紀元, which set-purchase.spec completes from the demo
 * market's two copies of each card (a journey buying them at the same moment leaves it nothing to buy).
 */
export const leftForOthers = (l: { cardInfoId?: string | null }): boolean => !l.cardInfoId?.startsWith('ci_beast_');

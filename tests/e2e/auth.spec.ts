import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { logOut, signUp } from './session';
import { codeIn, freshHkMobile, loginLinkIn, waitForSms } from './sms-outbox';

async function requestCode(page: Page) {
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
}

test('sign up, see the home screen, log out, log in again', async ({ page }) => {
  const phone = freshHkMobile();

  // Register with the code from the SMS outbox.
  await page.goto('/register');
  await expectNoAxeViolations(page, '/register');
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  // Hold the SMS call until the blocking loading toast has been seen, then let it through: no sleeping.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sms/send', async (route) => {
    await held;
    await route.continue();
  });
  await requestCode(page);
  const loadingToast = page.locator('.adm-toast-main').filter({ hasText: '載入中…' });
  await expect(loadingToast).toBeVisible();
  release();
  await expect(loadingToast).toBeHidden();
  await page.unroute('**/api/sms/send');
  const first = await waitForSms(phone.e164, 1);
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(first));
  await page.getByLabel('暱稱').fill('卡迷小明');
  await page.getByText('我已閱讀並同意').click();
  await page.getByRole('button', { name: '註冊' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page, '/');
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([, v]) => v.includes('"token"')));
  expect(stored, 'the sign-in record is stored in local storage').toBeTruthy();

  // Log out from /my: lands on /login with the record cleared.
  await page.goto('/my');
  await expect(page.getByText('卡迷小明')).toBeVisible();
  await expectNoAxeViolations(page, '/my');
  await page.getByRole('button', { name: '登出' }).click();
  await expectNoAxeViolations(page, '/my 登出確認');
  await page.getByRole('dialog').getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, '/login');
  expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"token"')))).toBe(false);

  // Log in again with a new code.
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await requestCode(page);
  const second = await waitForSms(phone.e164, 2);
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(second));
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed in again: /my shows this user's profile (the tab bar alone would show on any screen).
  await page.goto('/my');
  await expect(page.getByText('卡迷小明')).toBeVisible();
  await expect(page.getByRole('button', { name: '登出' })).toBeVisible();
});

test('the one-tap link in the login SMS signs in once', async ({ page }) => {
  const phone = freshHkMobile();
  await signUp(page, '一按登入', phone);
  await logOut(page);
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await requestCode(page);
  const link = new URL(loginLinkIn(await waitForSms(phone.e164, 2)));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my');
  await expect(page.getByText('一按登入')).toBeVisible();

  // Used once, the same link no longer works.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('登入連結未能使用')).toBeVisible();
  await expectNoAxeViolations(page, '/login 連結失效');
});

test('a deep link to /market is served by the server and opens the screen', async ({ page, request }) => {
  const res = await request.get('/market');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  await page.goto('/market');
  await expect(page).toHaveURL(/\/market$/);
  // The screen's own title and content, not the tab bar's 市場 that every main screen shows.
  await expect(page.getByRole('heading', { level: 1, name: '市場' })).toBeVisible();
  await expect(page.getByRole('main', { name: '市場' }).getByText('功能即將推出')).toBeVisible();
  await expectNoAxeViolations(page, '/market');
});

test('a signed-out visitor of a guarded screen is sent to /login', async ({ page }) => {
  await page.goto('/my');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown API paths answer the 404 envelope', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 404, data: null });
});

import { expect, test, type Page } from '@playwright/test';
import { logOut, signUp } from './session';
import { codeIn, freshHkMobile, loginLinkIn, waitForSms } from './sms-outbox';

async function requestCode(page: Page) {
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
}

test('sign up, see the home screen, log out, log in again', async ({ page }) => {
  const phone = freshHkMobile();

  // Register with the code from the SMS outbox.
  await page.goto('/register');
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  // Slow the SMS call down so the blocking loading toast is there to be seen.
  await page.route('**/api/sms/send', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await requestCode(page);
  await expect(page.getByText('載入中…')).toBeVisible();
  await expect(page.getByText('載入中…')).toBeHidden();
  await page.unroute('**/api/sms/send');
  const first = await waitForSms(phone.e164, 1);
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(first));
  await page.getByLabel('暱稱').fill('卡迷小明');
  await page.getByText('我已閱讀並同意').click();
  await page.getByRole('button', { name: '註冊' }).click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([, v]) => v.includes('"token"')));
  expect(stored, 'the sign-in record is stored in local storage').toBeTruthy();

  // Log out from /my: lands on /login with the record cleared.
  await page.goto('/my');
  await expect(page.getByText('卡迷小明')).toBeVisible();
  await page.getByRole('button', { name: '登出' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"token"')))).toBe(false);

  // Log in again with a new code.
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await requestCode(page);
  const second = await waitForSms(phone.e164, 2);
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(second));
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

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
});

test('a deep link to /market is served by the server and opens the screen', async ({ page, request }) => {
  const res = await request.get('/market');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  await page.goto('/market');
  await expect(page).toHaveURL(/\/market$/);
  await expect(page.getByText('市場').first()).toBeVisible();
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

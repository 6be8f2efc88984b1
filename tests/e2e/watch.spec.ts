import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { logOut, signUp } from './session';
import { codeIn, waitForSms } from './sms-outbox';

test('watch: signed out the ♡ goes through the login and back; watch a card and a market row, see and remove them on /my/watchlist', async ({
  page,
}) => {
  const phone = await signUp(page, '關注測試');
  await logOut(page);

  // Signed out: the ♡ leads to the login, and signing in comes back to the card.
  await page.goto('/mall/detail?id=ci_night_ferry');
  await page.getByRole('button', { name: '關注', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(await waitForSms(phone.e164, 2)));
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/mall\/detail\?id=ci_night_ferry$/);

  await page.getByRole('button', { name: '關注', exact: true }).click();
  const on = page.getByRole('button', { name: '取消關注', exact: true });
  await expect(on).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, '/mall/detail (已關注)');

  // A market row's ♡ names its row.
  await page.goto('/market');
  // Another row than 天星小輪's (watched above): its ♡ reads 關注 until the watch states arrive, and earlier journeys
  // may have put it first.
  const rowHeart = page.getByRole('button', { name: /^關注：(?!天星小輪$)/ }).first();
  const rowName = ((await rowHeart.getAttribute('aria-label')) ?? '').replace(/^關注：/, '');
  await rowHeart.click();
  await expect(page.getByRole('button', { name: `取消關注：${rowName}` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // From 我的 to the watchlist: both, newest first; remove one.
  await page.goto('/my');
  await page.getByRole('link', { name: /關注清單/ }).click();
  await expect(page).toHaveURL(/\/my\/watchlist$/);
  const list = page.getByRole('list', { name: '關注的項目' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: rowName })).toBeVisible();
  await expectNoAxeViolations(page, '/my/watchlist');
  await list.getByRole('button', { name: `移除關注：${rowName}` }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/mall\/detail\?id=ci_night_ferry$/);
  await expect(page.getByRole('button', { name: '取消關注', exact: true })).toBeVisible();
});

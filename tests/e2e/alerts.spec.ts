import { expect, test } from '@playwright/test';
import { overflowProblems } from './a11y-checks';
import { expectNoAxeViolations } from './axe';
import { signUp } from './session';

test('price alerts: set one from /market/detail with the keyboard (validated in HK$), see it on /my/watchlist at 320 px, set one from a watched row, delete', async ({
  page,
}) => {
  await signUp(page, '提醒測試');

  await page.goto('/market/detail?cardInfoId=ci_night_ferry');
  const open = page.getByRole('button', { name: /^價格提醒：/ });
  await open.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: /價格提醒/ });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('radio', { name: '賣單價' })).toBeChecked();
  await expect(sheet.getByRole('radio', { name: '低於或等於' })).toBeChecked();
  const price = sheet.getByRole('textbox', { name: '提醒價格（HK$）' });
  const submit = sheet.getByRole('button', { name: '設定提醒' });
  await price.fill('0.5');
  await expect(sheet.getByRole('alert')).toHaveText('價格最少為 HK$1.00');
  await expect(submit).toBeDisabled();
  await price.fill('abc');
  await expect(sheet.getByRole('alert')).toHaveText('請輸入金額，例如 120 或 88.50');
  await price.fill('12.50');
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  // 求購價 and 高於或等於, by the keyboard (arrow keys move within a radio group).
  await sheet.getByRole('radio', { name: '賣單價' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(sheet.getByRole('radio', { name: '求購價' })).toBeChecked();
  await sheet.getByRole('radio', { name: '低於或等於' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(sheet.getByRole('radio', { name: '高於或等於' })).toBeChecked();
  await expectNoAxeViolations(page, '/market/detail (價格提醒)');
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已設定價格提醒')).toBeVisible();
  await expect(sheet).toBeHidden();

  // The watchlist lists it, at 320 px with no sideways scroll.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/my/watchlist');
  const alerts = page.getByRole('list', { name: '價格提醒' });
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await expect(alerts).toContainText('求購價高於或等於 HK$12.50');
  await expect(alerts).toContainText('等待中');
  expect(await overflowProblems(page)).toEqual([]);
  await expectNoAxeViolations(page, '/my/watchlist (價格提醒)');

  // From a watched card's row: its own 價格提醒.
  await page.goto('/mall/detail?id=ci_night_ferry');
  await page.getByRole('button', { name: '關注', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消關注', exact: true })).toBeVisible();
  await page.goto('/my/watchlist');
  const rows = page.getByRole('list', { name: '關注的項目' });
  await rows.getByRole('button', { name: /^價格提醒：/ }).click();
  const rowSheet = page.getByRole('dialog', { name: /價格提醒/ });
  await rowSheet.getByRole('textbox', { name: '提醒價格（HK$）' }).fill('8');
  expect(await overflowProblems(page)).toEqual([]);
  await rowSheet.getByRole('button', { name: '設定提醒' }).click();
  await expect(page.getByText('已設定價格提醒')).toBeVisible();
  await page.reload();
  await expect(alerts.getByRole('listitem')).toHaveCount(2);
  await expect(alerts).toContainText('賣單價低於或等於 HK$8.00');

  // Delete: named by its item and line.
  await alerts.getByRole('button', { name: /^刪除價格提醒：.*求購價高於或等於 HK\$12\.50$/ }).click();
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
});

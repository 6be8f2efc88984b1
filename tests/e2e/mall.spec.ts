import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signUp } from './session';

test('buy a drop, pay on the sandbox checkout, and find the numbered card', async ({ page }) => {
  await signUp(page, '買家阿強');

  // The drop: 天星小輪, on sale in the demo content.
  await page.goto('/mall/detail?id=ci_night_ferry');
  await expect(page.getByRole('heading', { name: '天星小輪' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/mall/detail');
  await page.getByRole('button', { name: '立即購買' }).click();
  await expect(page).toHaveURL(/\/mall\/pay\?id=ci_night_ferry/);
  await expect(page.getByRole('button', { name: '確認付款' })).toBeVisible();
  await expectNoAxeViolations(page, '/mall/pay');

  // Confirm the order: the app opens the sandbox checkout served by the server.
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expect(page.getByText('HK$38.00').first()).toBeVisible();
  await expectNoAxeViolations(page, '/pay/sandbox');
  await page.getByRole('button', { name: '確認付款' }).click();

  // Back in the app, the info screen polls payCheck until the order is paid.
  await expect(page).toHaveURL(/\/mall\/info\?orderNo=/);
  await expect(page.getByText('付款成功')).toBeVisible();
  await expectNoAxeViolations(page, '/mall/info');
  const serial = (await page.locator('.checkout-serial').first().innerText()).trim();
  expect(serial).toMatch(/^#\d{4}\/1000$/);

  // The card order, with its serial, in /my/collection/order.
  await page.goto('/my/collection/order');
  await expect(page.getByText('天星小輪').first()).toBeVisible();
  await expect(page.getByText(serial).first()).toBeVisible();
  await expectNoAxeViolations(page, '/my/collection/order');
});

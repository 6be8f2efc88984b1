import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  desktopPage,
  dialogSettled,
  messagesGone,
  openScreen,
  registerOperator,
  signInBackOffice,
} from './back-office';
import { E2E_REFUND_OPERATOR } from './env';
import { api, paySandbox, tokenOf } from './market-setup';
import { signUp } from './session';

/**
 * A refund of a paid mall order from the back office (issue 44, decision 050): a collector buys a card of a drop at
 * the sandbox checkout; an operator finds them under 用戶, opens 退款 on the order, takes the card back and refunds its
 * price to the wallet with a reason; the collector sees 已退款 on the order with the reason, the money in the wallet
 * and a notification, and the card is no longer theirs.
 */
test('an operator refunds a paid mall order from the back office; the customer sees it on the order', async ({
  page,
  browser,
}) => {
  const nickname = `退款客${String(Date.now()).slice(-5)}`;
  const phone = await signUp(page, nickname);
  const token = await tokenOf(page);
  await page.goto('/mall/pay?id=ci_night_ferry');
  await page.getByRole('button', { name: '確認付款' }).click();
  await paySandbox(page);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  const [card] = await api<{ id: string; cardInfoId: string }[]>(page, token, 'GET', 'card/collection');
  expect(card?.cardInfoId).toBe('ci_night_ferry');

  // The operator finds the customer under 用戶 and opens 退款 on the order in their 訂單 tab.
  const op = await desktopPage(browser, test.info().project.use.baseURL);
  await registerOperator(op.request, E2E_REFUND_OPERATOR, '退款營運');
  await signInBackOffice(op, E2E_REFUND_OPERATOR);
  await openScreen(op, '用戶', '/users');
  await op.getByLabel('手機號碼').fill(phone.national);
  await op.getByRole('button', { name: '搜尋' }).click();
  await op.getByRole('link', { name: `查看用戶 ${phone.e164}` }).click();
  await expect(op.getByRole('heading', { name: `用戶：${nickname}` })).toBeVisible();
  await op.getByRole('button', { name: `退款 ${orderNo}` }).click();
  const dialog = op.getByRole('dialog', { name: `訂單退款：${orderNo}` });
  await expect(dialog.getByText('HK$38.00').first()).toBeVisible();
  await expect(dialog.getByText('由買家持有')).toBeVisible();
  await dialogSettled(op);
  await expectNoAxeViolations(op, '/admin/users/show (退款)');

  // The card goes back; the amount follows its share; a reason and 退回錢包; asked once more before it pays.
  await dialog.getByRole('checkbox', { name: '收回 天星小輪' }).check();
  await expect(dialog.getByLabel(/^退款金額/)).toHaveValue('38.00');
  await dialog.getByLabel('退款原因（會顯示給客戶）').fill('發售資料有誤，全數退款');
  await dialog.getByRole('checkbox', { name: /^退回錢包/ }).check();
  await dialog.getByRole('button', { name: '退款…' }).click();
  const confirm = op.getByRole('dialog', { name: '退款 HK$38.00 至客戶的錢包？' });
  await expect(confirm.getByText(/收回 1 件物品/)).toBeVisible();
  await confirm.getByRole('button', { name: '確認退款' }).click();
  await expect(op.getByText('已退款 HK$38.00 至客戶的錢包')).toBeVisible();
  // The dialog now shows the order fully refunded, with its refund and the card back with the platform.
  await expect(dialog.getByText('此訂單已全數退款')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '發售資料有誤，全數退款' })).toBeVisible();
  await expect(dialog.getByText('已退回平台')).toBeVisible();
  await messagesGone(op);
  await expectNoAxeViolations(op, '/admin/users/show (退款後)');
  // The footer's 關閉 (the corner's × is named 關閉 too).
  await dialog.getByRole('button', { name: '關閉' }).last().click();
  await expect(op.getByRole('button', { name: `退款 ${orderNo}` })).toHaveCount(0);

  // 帳目 → 訂單退款 lists it with its reason; the books still reconcile.
  await openScreen(op, '帳目', '/ledger');
  await op.getByRole('tab', { name: '訂單退款' }).click();
  const row = op.getByRole('row', {
    name: new RegExp(`${orderNo}.*HK\\$38\\.00.*發售資料有誤，全數退款.*已存入客戶錢包`),
  });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(op, '/admin/ledger (訂單退款)');
  await op.getByRole('tab', { name: '對帳' }).click();
  await expect(op.getByText(/對帳無異常/)).toBeVisible();

  // The customer: the order says 已退款 with the reason, the money is in the wallet, the card has gone back.
  await page.goto(`/my/order?orderNo=${encodeURIComponent(orderNo)}`);
  const refunds = page.getByRole('region', { name: '退款' });
  await expect(refunds.getByText('已退款 HK$38.00')).toBeVisible();
  await expect(page.getByText(/#\d{4}\/1000（已退回平台）/)).toBeVisible();
  await expect(refunds.getByText('原因：發售資料有誤，全數退款')).toBeVisible();
  await expect(refunds.getByText(/已存入錢包餘額/)).toBeVisible();
  await expect(page.getByRole('region', { name: '訂單物品' }).getByText('已退款', { exact: true })).toBeVisible();
  await expect(page.getByLabel('訂單金額').getByText('已退款', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/my/order (已退款)');
  const wallet = await api<{ balance: number }>(page, token, 'GET', 'payment/info');
  expect(wallet.balance).toBe(3_800);
  expect(await api<unknown[]>(page, token, 'GET', 'card/collection')).toEqual([]);
  await page.goto('/my/notifications');
  await expect(page.getByText('訂單已退款').first()).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { expectFocusVisible, freezeTransitions, tabTo } from './focus-checks';
import { activate, arrive, escapeBackTo, expectFocusInDialog, expectFocusTrapped, press, typeInto } from './keyboard';
import { leftForOthers } from './market-setup';
import { codeIn, freshHkMobile, waitForSms } from './sms-outbox';
import { freshHkid, type Phone } from './session';

/**
 * The journeys with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11): Tab, Shift+Tab, Enter, Space,
 * the arrow keys and Escape, never a click; at every stop the focused element is on screen, not under a
 * bar or a mask, and shows a focus indicator. Popups and dialogs hold focus while open, Escape closes
 * them, and focus goes back to the control that opened them. (`page.goto` stands for typing the address.)
 */

/** 獲取驗證碼 by keyboard: focus moves on to the code field, and the toast is announced. */
async function requestSmsCode(page: Page, phone: Phone, nth: number): Promise<void> {
  await activate(page, page.getByRole('button', { name: '獲取驗證碼' }));
  await expect(page.getByPlaceholder('6 位數字驗證碼')).toBeFocused();
  await expect(page.locator('#app-announcer')).toHaveAttribute('data-announced', /驗證碼已發送/);
  await page.keyboard.type(codeIn(await waitForSms(phone.e164, nth)));
  await expectFocusVisible(page, 'the code typed');
}

async function signUpByKeyboard(page: Page, nickname: string): Promise<Phone> {
  const phone = freshHkMobile();
  await arrive(page, '/register');
  await typeInto(page, page.getByPlaceholder('手機號碼'), phone.national);
  await requestSmsCode(page, phone, 1);
  await typeInto(page, page.getByLabel('暱稱'), nickname);
  const consent = page.getByRole('checkbox', { name: /我已閱讀並同意/ });
  await tabTo(page, consent);
  await press(page, 'Space', 'consent');
  await expect(consent).toBeChecked();
  await activate(page, page.getByRole('button', { name: '註冊' }));
  await expect(page).toHaveURL(/\/$/);
  return phone;
}

/** Buys through the sandbox checkout from the pay screen by keyboard; lands on the order screen. */
async function payInSandbox(page: Page, info: RegExp): Promise<void> {
  await activate(page, page.getByRole('button', { name: '確認付款' }));
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await freezeTransitions(page);
  await activate(page, page.getByRole('button', { name: '確認付款' }));
  await expect(page).toHaveURL(info);
  await expect(page.getByText('付款成功')).toBeVisible();
}

test('keyboard only: sign up, sign out through the dialog, sign in, buy a drop, request a delivery, add and edit an address', async ({
  page,
}) => {
  // Sign up: phone, 獲取驗證碼, code, nickname, consent (Space), 註冊.
  const phone = await test.step('sign up', () => signUpByKeyboard(page, '鍵盤阿明'));

  await test.step('sign out: the dialog holds focus, Escape closes it and gives focus back', async () => {
    await arrive(page, '/my');
    const logout = page.getByRole('button', { name: '登出' });
    await activate(page, logout);
    const dialog = await expectFocusInDialog(page);
    await expectFocusTrapped(page, dialog);
    await escapeBackTo(page, dialog, logout);
    await page.keyboard.press('Enter');
    await expectFocusInDialog(page);
    await activate(page, page.getByRole('dialog').getByRole('button', { name: '登出' }));
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('sign in: Enter in the code field submits', async () => {
    await freezeTransitions(page);
    await typeInto(page, page.getByPlaceholder('手機號碼'), phone.national);
    await requestSmsCode(page, phone, 2);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('buy a drop and pay in the sandbox', async () => {
    await arrive(page, '/mall/detail?id=ci_night_ferry');
    await activate(page, page.getByRole('button', { name: '立即購買' }));
    await expect(page).toHaveURL(/\/mall\/pay\?id=ci_night_ferry/);
    await freezeTransitions(page);
    await payInSandbox(page, /\/mall\/info\?orderNo=/);
  });

  await test.step('buy a physical product', async () => {
    await arrive(page, '/mall/goodsDetail?id=prd_sleeves');
    await activate(page, page.getByRole('button', { name: '立即購買' }));
    await expect(page).toHaveURL(/\/mall\/goodsPay\?id=prd_sleeves/);
    await freezeTransitions(page);
    await payInSandbox(page, /\/mall\/goodsInfo\?orderNo=/);
  });

  await test.step('add an address from the delivery request', async () => {
    await arrive(page, '/my/entity');
    await activate(page, page.getByRole('button', { name: '新增地址' }));
    await expect(page).toHaveURL(/\/my\/address\/edit$/);
    await freezeTransitions(page);
    await typeInto(page, page.getByLabel('收件人', { exact: true }), '陳大文');
    await typeInto(page, page.getByLabel('收件人手機號碼'), '91234567');
    // A closed <select> takes the arrow keys: 請選擇地區 → 香港島 → 九龍.
    await tabTo(page, page.getByLabel('送貨地區'));
    await press(page, 'ArrowDown', 'region');
    await press(page, 'ArrowDown', 'region');
    await expect(page.getByLabel('送貨地區')).toHaveValue('九龍');
    await tabTo(page, page.getByLabel('分區'));
    await press(page, 'ArrowDown', 'district');
    await expect(page.getByLabel('分區')).not.toHaveValue('');
    await typeInto(page, page.getByLabel('詳細地址'), '觀塘道 1 號 10 樓 A 室');
    await activate(page, page.getByRole('button', { name: '儲存地址' }));
    await expect(page).toHaveURL(/\/my\/entity$/);
  });

  await test.step('request a delivery: the address picker traps focus, Escape gives it back', async () => {
    await freezeTransitions(page);
    const pick = page.getByRole('checkbox', { name: /選擇「港島夜景 卡套/ });
    await tabTo(page, pick);
    await press(page, 'Space', 'pick the goods');
    await expect(pick).toBeChecked();
    const change = page.getByRole('button', { name: '更換地址' });
    await activate(page, change);
    const picker = await expectFocusInDialog(page, '選擇收貨地址');
    await expectFocusTrapped(page, picker);
    await escapeBackTo(page, picker, change);
    await activate(page, page.getByRole('button', { name: '申請提貨' }));
    const confirm = await expectFocusInDialog(page);
    await activate(page, confirm.getByRole('button', { name: '確認提貨' }));
    await expect(page).toHaveURL(/\/my\/logistics\?id=/);
  });

  await test.step('edit an address', async () => {
    await arrive(page, '/my/address');
    await activate(page, page.getByRole('button', { name: '編輯「陳大文」的地址' }));
    await expect(page).toHaveURL(/\/my\/address\/edit\?id=/);
    await freezeTransitions(page);
    await typeInto(page, page.getByLabel('詳細地址'), '觀塘道 2 號 3 樓 B 室');
    await activate(page, page.getByRole('button', { name: '儲存地址' }));
    await expect(page).toHaveURL(/\/my\/address$/);
    await expect(page.getByText(/觀塘道 2 號 3 樓 B 室/)).toBeVisible();
  });
});

test('keyboard only: list a card on the market, and buy another seller’s card', async ({ page }) => {
  const phone = await signUpByKeyboard(page, '鍵盤賣家');
  await arrive(page, '/mall/pay?id=ci_night_ferry');
  await payInSandbox(page, /\/mall\/info\?orderNo=/);

  // Trading needs real-name verification and, to sell, a payout account: set up through the API.
  const token = await page.evaluate(() => {
    const stored = Object.values(localStorage).find((v) => v.includes('"token"'));
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
  const api = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
    const json = (await res.json()) as { code: number; msg: string };
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
  };
  await api('userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  await api('sms/authSend', { purpose: 'payment' });
  await api('payment/update', {
    method: 'fps',
    accountName: '陳大文',
    accountNo: '12345678',
    code: codeIn(await waitForSms(phone.e164, 2)),
  });

  await test.step('list the card from the collection: the card popup holds focus', async () => {
    await arrive(page, '/my/collection');
    const tile = page.getByRole('button', { name: /^天星小輪 .*查看詳情$/ }).first();
    await activate(page, tile);
    const popup = await expectFocusInDialog(page);
    await expectFocusTrapped(page, popup);
    await escapeBackTo(page, popup, tile);
    await page.keyboard.press('Enter');
    await expectFocusInDialog(page);
    await activate(page, page.getByRole('button', { name: '出售' }));
    await expect(page).toHaveURL(/\/market\/sell\?kind=card&itemId=/);
    await freezeTransitions(page);
    await typeInto(page, page.getByRole('textbox', { name: '售價（港幣）' }), '120');
    await expect(page.getByText('HK$114.00')).toBeVisible();
    await activate(page, page.getByRole('button', { name: '確認上架' }));
    const confirm = await expectFocusInDialog(page);
    await activate(page, confirm.getByRole('button', { name: '確認上架' }));
    await expect(page).toHaveURL(/\/market\/detail\?id=/);
  });

  await test.step('buy a demo seller’s card and pay in the sandbox', async () => {
    const res = await page.request.get('/api/market/list?kind=card&page=1&pageSize=20');
    const listings = ((await res.json()) as { data: { id: string; mine: boolean; cardInfoId: string | null }[] }).data;
    const other = listings.find((l) => !l.mine && leftForOthers(l))!;
    await arrive(page, `/market/detail?id=${other.id}`);
    await activate(page, page.getByRole('button', { name: '購買', exact: true }));
    await expect(page).toHaveURL(/\/mall\/pay\?listingId=/);
    await freezeTransitions(page);
    const sandbox = page.getByRole('radio', { name: '模擬付款' });
    if ((await sandbox.count()) > 0 && !(await sandbox.isChecked())) {
      // A radio group: Tab into it, the arrow keys choose.
      await tabTo(page, page.getByRole('radio').first());
      for (let i = 0; i < 3 && !(await sandbox.isChecked()); i++) await press(page, 'ArrowDown', 'payment method');
      await expect(sandbox).toBeChecked();
    }
    await payInSandbox(page, /\/mall\/info\?orderNo=/);
  });
});

import { readFileSync } from 'node:fs';
import { AUDIT_ACTION_LABELS } from '../../src/shared/audit-labels';
import { expect, test, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { expectNoAxeViolations } from './axe';
import {
  backOfficeToken,
  choose,
  codeAfter,
  desktopPage,
  dialogSettled,
  messagesGone,
  openScreen,
  pickTime,
  pngImage,
  registerOperator,
  signInBackOffice,
} from './back-office';
import { E2E_BACK_OFFICE_OPERATOR } from './env';
import { paySandbox } from './market-setup';
import { freshHkid, signUp } from './session';

/** The user's bearer token, as the mobile app keeps it. */
const userToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('trove.session') ?? '{}') as { token: string }).token);

async function userApi(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ data: unknown }> {
  const headers = { Authorization: `Bearer ${await userToken(page)}` };
  const res =
    method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data });
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body;
}

test('an operator runs a drop from the back office: catalogue with images, a sale on the dashboard, codes, a shipment, a payout, all in the audit log', async ({
  page: user,
  browser,
}) => {
  test.setTimeout(600_000);
  const tag = String(Date.now()).slice(-5);
  const themeName = `港島夜景${tag}`;
  const cardName = `山頂纜車${tag}`;
  const image = { name: 'card.png', mimeType: 'image/png', buffer: pngImage() };

  const op = await desktopPage(browser, test.info().project.use.baseURL);
  const opToken = await registerOperator(op.request, E2E_BACK_OFFICE_OPERATOR, '後台營運');
  await signInBackOffice(op, E2E_BACK_OFFICE_OPERATOR);
  await expect(op.getByRole('heading', { name: '主控台' })).toBeVisible();
  await expectNoAxeViolations(op, '/admin (主控台)');

  // A theme with an uploaded cover.
  await openScreen(op, '主題', '/themes');
  await expectNoAxeViolations(op, '/admin/themes');
  await op.getByRole('button', { name: '新增主題' }).click();
  const themeForm = op.getByRole('dialog', { name: '新增主題' });
  await themeForm.getByLabel('名稱', { exact: true }).fill(themeName);
  await themeForm.getByTestId('upload-theme').setInputFiles(image);
  await expect(themeForm.getByRole('img', { name: '主題封面預覽' })).toBeVisible();
  await expectNoAxeViolations(op, '/admin/themes (新增主題)');
  await themeForm.getByRole('button', { name: '儲存' }).click();
  await expect(op.getByText('已新增主題')).toBeVisible(); // antd's static message, under React 19
  await expect(op.getByRole('row', { name: new RegExp(themeName) })).toBeVisible();

  // A card info of it: uploaded image, HK$25, 100 editions, on sale from now for a week.
  await openScreen(op, '卡牌', '/cardInfos');
  await op.getByRole('button', { name: '新增卡牌' }).click();
  const cardForm = op.getByRole('dialog', { name: '新增卡牌' });
  await choose(op, '主題', themeName);
  await cardForm.getByLabel('名稱', { exact: true }).fill(cardName);
  await cardForm.getByTestId('upload-card_info').setInputFiles(image);
  await expect(cardForm.getByRole('img', { name: '卡牌圖片預覽' })).toBeVisible();
  await cardForm.getByLabel('發行量').fill('100');
  await cardForm.getByLabel(/^售價/).fill('25');
  await pickTime(op, '開售時間（香港時間）', dayjs().subtract(1, 'minute').format('YYYY-MM-DD HH:mm'));
  await pickTime(op, '停售時間（香港時間）', dayjs().add(7, 'day').format('YYYY-MM-DD HH:mm'));
  // A perk set by its fields (decision 029): this theme's cards open 12 hours early to holders.
  await cardForm.getByRole('button', { name: '新增權益' }).click();
  // The new right starts as a discount: its kind is typed over (the chosen value covers the box).
  const kind = cardForm.getByRole('combobox', { name: '權益 1 類型' });
  await kind.focus();
  await kind.fill('優先購買');
  await op.locator('.ant-select-dropdown:visible').getByText('優先購買', { exact: true }).click();
  await cardForm.getByLabel('權益 1 提前小時').fill('12');
  await choose(op, /^權益 1 卡冊/, themeName);
  await expectNoAxeViolations(op, '/admin/cardInfos (新增卡牌)');
  await cardForm.getByRole('button', { name: '儲存' }).click();
  await expect(op.getByRole('row', { name: new RegExp(cardName) }).first()).toBeVisible();
  await messagesGone(op);
  await expectNoAxeViolations(op, '/admin/cardInfos');
  const token = await backOfficeToken(op);
  const found = (await (
    await op.request.get(`/api/admin/cardInfos?q=${encodeURIComponent(cardName)}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: string; rights: { title: string; description: string }[] }[] };
  const cardInfoId = found.data[0]!.id;
  expect(found.data[0]!.rights.map((r) => [r.title, r.description])).toEqual([
    ['優先購買權', `持有此卡可於「${themeName}」卡牌公開發售前 12 小時優先購買。`],
  ]);

  // The drop calendar shows it this month.
  await openScreen(op, '發售日曆', '/drops');
  await expect(op.getByRole('row', { name: new RegExp(cardName) }).first()).toBeVisible();
  await expectNoAxeViolations(op, '/admin/drops');
  // 新增 on a day of the calendar opens 新增卡牌 with that day's 10:00 (Hong Kong time) as its sale start.
  const day = dayjs(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date())); // today in Hong Kong
  await op.getByRole('button', { name: `新增 ${day.format('M 月 D 日')}開售` }).click();
  await op.getByRole('dialog', { name: '新增發售' }).getByRole('button', { name: '繼續' }).click();
  await expect(op).toHaveURL(/\/admin\/cardInfos$/);
  const prefilled = op.getByRole('dialog', { name: '新增卡牌' });
  await expect(prefilled.getByLabel('開售時間（香港時間）', { exact: true })).toHaveValue(
    `${day.format('YYYY-MM-DD')} 10:00`,
  );
  await prefilled.getByRole('button', { name: '取消' }).click();

  // A user buys it in the mall.
  const userPhone = await signUp(user, `收藏家${tag}`);
  await user.goto(`/mall/detail?id=${cardInfoId}`);
  await expect(user.getByRole('heading', { name: cardName }).first()).toBeVisible();
  await user.getByRole('button', { name: '立即購買' }).click();
  await user.getByRole('button', { name: '確認付款' }).click();
  await paySandbox(user);

  // The operator sees the sale on the dashboard: the drop sold 1 of 100.
  await openScreen(op, '主控台', '/');
  await expect(op.getByRole('row', { name: new RegExp(`${cardName}.*1／100`) })).toBeVisible();

  // A code batch of 3 for the card; the CSV downloads once.
  await openScreen(op, '兌換碼', '/codeBatches');
  await op.getByRole('button', { name: '產生兌換碼' }).click();
  const batchForm = op.getByRole('dialog', { name: '新增兌換碼批次' });
  await choose(op, '卡牌', cardName);
  await batchForm.getByLabel(/^數量/).fill('3');
  await batchForm.getByLabel('備註').fill(`測試批次${tag}`);
  await batchForm.getByRole('button', { name: '儲存' }).click();
  const batchRow = op.getByRole('row', { name: new RegExp(`測試批次${tag}`) });
  await expect(batchRow).toBeVisible();
  await messagesGone(op);
  await expectNoAxeViolations(op, '/admin/codeBatches');
  const [download] = await Promise.all([
    op.waitForEvent('download'),
    batchRow.getByRole('button', { name: /下載兌換碼 CSV/ }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  const codes = csv.slice(1).map((line) => line.split(',')[0]!.replace(/"/g, ''));
  expect(codes).toHaveLength(3);
  await expect(batchRow.getByRole('button', { name: '兌換碼 CSV 已下載過' })).toBeDisabled();

  // The user redeems one of its codes; the batch counts it as used.
  await user.goto('/my/card');
  await user.getByLabel('兌換碼').fill(codes[0]!);
  await user.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(user.getByText('兌換成功', { exact: true })).toBeVisible();
  await op.reload();
  await expect(
    op
      .getByRole('row', { name: new RegExp(`測試批次${tag}`) })
      .getByRole('cell', { name: '1', exact: true })
      .first(),
  ).toBeVisible();

  // A delivery: the user buys a physical product and asks for it to be delivered; the operator ships it.
  await user.goto('/mall/goodsDetail?id=prd_sleeves');
  await user.getByRole('button', { name: '立即購買' }).click();
  await user.getByRole('button', { name: '確認付款' }).click();
  await paySandbox(user);
  const address = (
    await userApi(user, 'POST', '/api/address/add', {
      recipient: '陳大文',
      phone: userPhone.e164,
      region: '九龍',
      district: '觀塘區',
      detail: `開源道 ${tag} 號`,
    })
  ).data as { id: string };
  const goods = (await userApi(user, 'GET', '/api/goods/list?type=1')).data as { id: string }[];
  const shipment = (
    await userApi(user, 'POST', '/api/goods/delivery', { goodsIds: [goods[0]!.id], addressId: address.id })
  ).data as { shipmentNo: string };
  await openScreen(op, '提貨發貨', '/shipments');
  await op.getByRole('button', { name: `發貨 ${shipment.shipmentNo}` }).click();
  const shipForm = op.getByRole('dialog', { name: `發貨：${shipment.shipmentNo}` });
  await shipForm.getByLabel('物流公司').fill('順豐速運');
  await shipForm.getByLabel('運單號碼').fill(`SF${tag}0001`);
  await dialogSettled(op);
  await expectNoAxeViolations(op, '/admin/shipments (發貨)');
  await shipForm.getByRole('button', { name: '確認發貨' }).click();
  await expect(op.getByRole('row', { name: new RegExp(`${shipment.shipmentNo}.*已發貨`) })).toBeVisible();
  await messagesGone(op);
  await expectNoAxeViolations(op, '/admin/shipments');

  // A payout: the user posts a funded buy listing; the operator takes it down (escrow back to the balance);
  // the user withdraws it and the operator pays it with a reference.
  await userApi(user, 'POST', '/api/userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  const payCode = await codeAfter(userPhone.e164, () =>
    userApi(user, 'POST', '/api/sms/authSend', { purpose: 'payment' }),
  );
  await userApi(user, 'POST', '/api/payment/update', {
    method: 'fps',
    accountName: '陳大文',
    accountNo: '12345678',
    code: payCode,
  });
  await user.goto('/market/sell?mode=buy&cardInfoId=ci_night_ferry');
  await user.getByRole('textbox', { name: '出價（港幣）' }).fill('100');
  await user.getByRole('button', { name: '發佈求購並付款' }).click();
  await user.getByRole('dialog').getByRole('button', { name: '前往付款' }).click();
  await expect(user).toHaveURL(/\/mall\/pay\?orderNo=/);
  await user.getByRole('button', { name: '立即付款' }).click();
  await paySandbox(user);
  await openScreen(op, '市場掛單', '/listings');
  await op
    .getByRole('button', { name: /^下架 天星小輪/ })
    .first()
    .click();
  const takeDown = op.getByRole('dialog', { name: /^下架/ });
  await takeDown.getByLabel('下架原因（用戶會看到）').fill('測試下架：出價異常');
  await dialogSettled(op);
  await expectNoAxeViolations(op, '/admin/listings (下架)');
  await takeDown.getByRole('button', { name: '下架' }).click();
  await expect(op.getByText(/測試下架：出價異常/).first()).toBeVisible();
  const withdrawCode = await codeAfter(userPhone.e164, () =>
    userApi(user, 'POST', '/api/sms/authSend', { purpose: 'withdraw' }),
  );
  await userApi(user, 'POST', '/api/payment/withdraw', { amount: 10_000, code: withdrawCode });
  await openScreen(op, '提現', '/withdrawals');
  await op.getByRole('button', { name: `付款 收藏家${tag} HK$100.00` }).click();
  const payForm = op.getByRole('dialog', { name: `付款 HK$100.00 予 收藏家${tag}` });
  await payForm.getByLabel('付款參考編號').fill(`FPS-${tag}`);
  await dialogSettled(op);
  await expectNoAxeViolations(op, '/admin/withdrawals (付款)');
  await payForm.getByRole('button', { name: '確認已付款' }).click();
  await expect(op.getByRole('row', { name: new RegExp(`收藏家${tag}.*已付款.*FPS-${tag}`) })).toBeVisible();
  await messagesGone(op);
  await expectNoAxeViolations(op, '/admin/withdrawals');

  // The books (帳目): the trial balance totals 0, reconciliation finds nothing, the payout is in the journal.
  await openScreen(op, '帳目', '/ledger');
  await expect(op.getByText(/合計：HK\$0\.00（借貸平衡）/)).toBeVisible();
  await expectNoAxeViolations(op, '/admin/ledger');
  await op.getByRole('tab', { name: '對帳' }).click();
  await expect(op.getByText(/對帳無異常/)).toBeVisible();
  await op.getByRole('tab', { name: '分錄' }).click();
  // The list of kinds is long (virtual): typing narrows it to the one, and Enter takes it.
  await op.getByLabel('類別').fill('withdrawal_paid');
  await op.getByLabel('類別').press('Enter');
  await op.getByRole('button', { name: '搜尋' }).click();
  await expect(op.getByRole('cell', { name: 'withdrawal_paid' }).first()).toBeVisible();
  await expectNoAxeViolations(op, '/admin/ledger (分錄)');
  await op.getByRole('tab', { name: '退款', exact: true }).click();
  await expectNoAxeViolations(op, '/admin/ledger (退款)');

  // The audit log has each step (newest first), by operator, and finds one by its action.
  await openScreen(op, '操作記錄', '/audit');
  await expectNoAxeViolations(op, '/admin/audit');
  // This operator's steps only: the other journeys' operators act at the same time and fill the first page.
  const me = await op.request.get('/api/user/info', { headers: { Authorization: `Bearer ${opToken}` } });
  await op.getByLabel('操作人員編號').fill(((await me.json()) as { data: { id: string } }).data.id);
  await op.getByRole('button', { name: '搜尋' }).click();
  // Each action in Chinese (issue 21 §5), never its dotted name.
  for (const action of [
    'theme.create',
    'card_info.create',
    'code_batch.create',
    'code_batch.download',
    'shipment.ship',
    'listing.take_down',
    'withdrawal.pay',
  ] as const) {
    await expect(
      op.getByRole('row', { name: new RegExp(`後台營運.*${AUDIT_ACTION_LABELS[action]}`) }).first(),
    ).toBeVisible();
  }
  await expect(op.getByRole('cell', { name: /（[a-z_]+\.[a-z_]+）|^[a-z_]+\.[a-z_]+$/ })).toHaveCount(0);
  await op.getByRole('combobox', { name: '操作' }).fill('發貨');
  await op.locator('.ant-select-dropdown:visible').getByText('發貨', { exact: true }).click();
  await op.getByRole('button', { name: '搜尋' }).click();
  await expect(op.getByRole('row', { name: /後台營運.*發貨/ })).toHaveCount(1);
  await expect(op.getByRole('row', { name: /提現付款/ })).toHaveCount(0);
});

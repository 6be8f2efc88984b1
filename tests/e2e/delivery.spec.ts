import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { E2E_OPERATOR } from './env';
import { signUp } from './session';
import { codeIn, waitForSms } from './sms-outbox';

/** The operator's bearer token: signed up through the API (ADMIN_PHONES makes the account an admin). */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const sent = await request.post('/api/sms/send', { data: { phone: E2E_OPERATOR.e164, purpose: 'register' } });
  expect(sent.status()).toBe(200);
  const code = codeIn(await waitForSms(E2E_OPERATOR.e164, 1));
  const res = await request.post('/api/user/register', {
    data: { phone: E2E_OPERATOR.e164, code, nickname: '倉務員', agreePrivacy: true },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { token: string; authority: string[] } };
  expect(body.data.authority).toContain('admin');
  return body.data.token;
}

async function buySleeves(page: Page) {
  await page.goto('/mall/goodsDetail?id=prd_sleeves');
  await page.getByRole('button', { name: '立即購買' }).click();
  await expect(page).toHaveURL(/\/mall\/goodsPay\?id=prd_sleeves/);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/mall\/goodsInfo\?orderNo=/);
  await expect(page.getByText('付款成功')).toBeVisible();
}

test('buy a physical product, add an address, request delivery; the operator packs and ships it; change nickname and avatar', async ({
  page,
}) => {
  await signUp(page, '提貨阿明');
  await buySleeves(page);

  // The goods wait in /my/entity; there is no address yet.
  await page.goto('/my');
  await page.getByRole('link', { name: '我的實物' }).click();
  await expect(page).toHaveURL(/\/my\/entity$/);
  await expect(page.getByText('港島夜景 卡套（100 張裝）')).toBeVisible();
  await expect(page.getByText('未有收貨地址：請先新增地址。')).toBeVisible();
  await expectNoAxeViolations(page, '/my/entity (goods, no address)');
  await page.getByRole('button', { name: '新增地址' }).click();

  // Add one: region and district pickers, back to the delivery request after saving.
  await expect(page).toHaveURL(/\/my\/address\/edit$/);
  await page.getByLabel('收件人', { exact: true }).fill('陳大文');
  await page.getByLabel('收件人手機號碼').fill('9123 4567');
  await page.getByLabel('送貨地區').selectOption('九龍');
  await page.getByLabel('分區').selectOption('觀塘區');
  await page.getByLabel('詳細地址').fill('觀塘道 1 號 10 樓 A 室');
  await expectNoAxeViolations(page, '/my/address/edit (filled)');
  await page.getByRole('button', { name: '儲存地址' }).click();
  await expect(page).toHaveURL(/\/my\/entity$/);
  await expect(page.getByText('九龍 觀塘區 觀塘道 1 號 10 樓 A 室')).toBeVisible();
  await expectNoAxeViolations(page, '/my/entity (goods and address)');
  // The address picker and a unit's detail open as dialogs.
  await page.getByRole('button', { name: '更換地址' }).click();
  await expect(page.getByRole('dialog', { name: '選擇收貨地址' })).toBeVisible();
  await expectNoAxeViolations(page, '/my/entity (address picker)');
  await expect(page.getByRole('dialog', { name: '選擇收貨地址' }).getByRole('radio')).toBeChecked();
  await page.getByRole('dialog', { name: '選擇收貨地址' }).getByRole('button', { name: '關閉' }).click();
  await expect(page.getByRole('dialog', { name: '選擇收貨地址' })).toBeHidden();
  await page.getByRole('button', { name: '「港島夜景 卡套（100 張裝）」詳情' }).click();
  await expect(page.getByRole('dialog', { name: '物品詳情' }).getByText('購入')).toBeVisible();
  await expectNoAxeViolations(page, '/my/entity (goods detail)');
  await page.getByRole('dialog', { name: '物品詳情' }).getByRole('button', { name: '關閉' }).click();
  await expect(page.getByRole('dialog', { name: '物品詳情' })).toBeHidden();

  // Request delivery of the goods: one shipment, its timeline opens.
  // With the keyboard: the goods checkbox takes focus and Space selects it.
  await page.getByRole('checkbox', { name: '選擇「港島夜景 卡套（100 張裝）」' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: '選擇「港島夜景 卡套（100 張裝）」' })).toBeChecked();
  await expect(page.getByText('已選 1 件')).toBeVisible();
  await page.getByRole('button', { name: '申請提貨' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認提貨' }).click();
  await expect(page).toHaveURL(/\/my\/logistics\?id=shp_/);
  const shipmentId = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByText('待處理')).toBeVisible();
  const timeline = page.getByRole('region', { name: '物流進度' });
  await expect(timeline.getByText('已申請提貨')).toBeVisible();

  // The shipment is listed in /my/entity/order.
  await page.goto('/my/entity/order');
  await expect(page.getByRole('link', { name: /港島夜景 卡套（100 張裝）（SH\d{6}[0-9A-Z]{8}）/ })).toBeVisible();
  await expectNoAxeViolations(page, '/my/entity/order (one shipment)');
  await page.goto('/my/address');
  await expect(page.getByText('預設')).toBeVisible();
  await expectNoAxeViolations(page, '/my/address (one address)');

  // The operator packs and ships it through the admin routes.
  const token = await operatorToken(page.request);
  const auth = { Authorization: `Bearer ${token}` };
  const pack = await page.request.post('/api/admin/shipments/pack', { headers: auth, data: { id: shipmentId } });
  expect(pack.status()).toBe(200);
  const ship = await page.request.post('/api/admin/shipments/ship', {
    headers: auth,
    data: { id: shipmentId, carrier: '順豐速運', trackingNumber: 'SF1234567890' },
  });
  expect(ship.status()).toBe(200);

  // The timeline shows the carrier and the tracking number.
  await page.goto(`/my/logistics?id=${shipmentId}`);
  await expect(page.getByRole('link', { name: '在順豐速運網站追蹤運單 SF1234567890' })).toBeVisible();
  await expect(timeline.getByText('已交付物流')).toBeVisible();
  await expect(timeline.getByText('已打包，等待發貨')).toBeVisible();
  await expect(timeline.getByText(/順豐速運 運單號碼 SF1234567890/)).toBeVisible();
  await expectNoAxeViolations(page, '/my/logistics (shipped)');
  await page.goto('/my/entity/order');
  await expect(page.getByText('已發貨')).toBeVisible();

  // Change the nickname and the avatar; /my shows both.
  await page.goto('/my');
  await page.getByRole('link', { name: '編輯資料' }).click();
  await expectNoAxeViolations(page, '/my/edit');
  await page.getByLabel('暱稱').fill('寄件達人');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByText('寄件達人')).toBeVisible();
  await page.getByRole('link', { name: '更換頭像' }).click();
  await expect(page.getByText('醒獅', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/my/avatar');
  await page.getByText('醒獅', { exact: true }).click();
  await page.getByRole('button', { name: '儲存頭像' }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.locator('.profile-header img')).toHaveAttribute('src', '/media/avatars/lion-dance.svg');
  await expectNoAxeViolations(page, '/my (new nickname and avatar)');
  await page.goto('/my/phone');
  await expect(page.getByLabel('新手機號碼')).toBeVisible();
  await expectNoAxeViolations(page, '/my/phone');
});

test('the delivery and settings screens fit a 320 px wide phone', async ({ page }) => {
  await signUp(page, '窄屏用戶');
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/my',
    '/my/entity',
    '/my/entity/order',
    '/my/address',
    '/my/address/edit',
    '/my/edit',
    '/my/avatar',
    '/my/phone',
    '/my/logistics?id=shp_none',
  ]) {
    await page.goto(path);
    await expect(page.locator('.screen-loading, .state-loading')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { registerOperator } from './back-office';
import { E2E_DESK_OPERATOR } from './env';
import { api, fundBid, tokenOf } from './market-setup';
import { freshHkid, signUp } from './session';
import { codeIn, waitForSms } from './sms-outbox';

/** The signed-in user's bearer token, as the app keeps it. */
/** Buys `copies` of an item (one order) at the sandbox checkout from its pay screen. */
async function buy(page: Page, payPath: string, copies = 1) {
  await page.goto(payPath);
  for (let n = 1; n < copies; n++) await page.getByRole('button', { name: '增加' }).click();
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
}

test('the trader desk: reprice a listing and cancel a bid on /my/market; sell to the top bid in one tap; the buyer confirms a delivery', async ({
  page,
  browser,
}) => {
  const phone = await signUp(page, `交易員${String(Date.now()).slice(-4)}`);
  const token = await tokenOf(page);

  // A verified trader with a payout account, a card and a funded bid (set up through the API and the sandbox).
  await api(page, token, 'POST', 'userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  await api(page, token, 'POST', 'sms/authSend', { purpose: 'payment' });
  const code = codeIn(await waitForSms(phone.e164, 2));
  await api(page, token, 'POST', 'payment/update', {
    method: 'fps',
    accountName: '陳大文',
    accountNo: '12345678',
    code,
  });
  await buy(page, '/mall/pay?id=ci_night_ferry');
  const [card] = await api<{ itemId: string }[]>(page, token, 'GET', 'market/canConsignList?kind=card');
  await api(page, token, 'POST', 'market/create', { sell_type: 0, kind: 'card', itemId: card!.itemId, price: 12_000 });
  await fundBid(page, token, 'ci_night_ferry', 3_000);

  // 我的 → 我的市場: the sell listing at HK$120; 改價 makes HK$110 its second version.
  await page.goto('/my');
  await page.getByRole('link', { name: /我的市場/ }).click();
  await expect(page).toHaveURL(/\/my\/market$/);
  const selling = page.getByRole('list', { name: '進行中的出售掛單' });
  await expect(selling.getByText('HK$120.00', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/my/market');
  await selling.getByRole('button', { name: /^改價：/ }).click();
  const sheet = page.getByRole('dialog', { name: '更改價格' });
  await sheet.getByLabel('新售價（HK$）').fill('110');
  await expect(sheet.getByText('HK$104.50')).toBeVisible();
  await expectNoAxeViolations(page, '/my/market (改價)');
  await sheet.getByRole('button', { name: '確認改價' }).click();
  await expect(selling.getByText(/^HK\$110\.00/)).toBeVisible();
  await expect(selling.getByText('（第 2 版價格）')).toBeVisible();
  await selling.getByText(/^價格及紀錄/).click();
  await expect(selling.getByText(/改價：HK\$120\.00 → HK\$110\.00/)).toBeVisible();

  // 我的求購: cancel the bid; its escrow goes back to the wallet, and it is listed as ended.
  await page.getByRole('tab', { name: '我的求購' }).click();
  const bids = page.getByRole('list', { name: '進行中的求購' });
  await expect(bids.getByText(/^HK\$30\.00・每張，求購 1 張，尚欠 1 張$/)).toBeVisible();
  await bids.getByRole('button', { name: /^取消：/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消求購' }).click();
  await expect(page.getByText('沒有進行中的求購')).toBeVisible();
  await page.getByText('已結束', { exact: true }).click();
  await expect(page.getByRole('list', { name: '已結束的求購' }).getByText('已取消', { exact: true })).toBeVisible();
  const wallet = await api<{ balance: number; escrow: number }>(page, token, 'GET', 'payment/info');
  expect(wallet).toMatchObject({ balance: 3_000, escrow: 0 });

  // Sell now: another collector bids for the card; the trader sells a second one to the top bid in one tap.
  const bidder = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await signUp(bidder, `求購者${String(Date.now()).slice(-4)}`);
  const bidderToken = await tokenOf(bidder);
  await api(bidder, bidderToken, 'POST', 'userIdInfo/verify', {
    name: '李小明',
    idType: 'hkid',
    idNumber: freshHkid(),
  });
  await fundBid(bidder, bidderToken, 'ci_night_ferry', 2_500);
  await buy(page, '/mall/pay?id=ci_night_ferry');
  const [second] = await api<{ itemId: string }[]>(page, token, 'GET', 'market/canConsignList?kind=card');
  await page.goto(`/market/sell?kind=card&itemId=${second!.itemId}`);
  await page.getByRole('button', { name: /^以最高出價 HK\$[\d,.]+ 即時賣出$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認賣出' }).click();
  await expect(page).toHaveURL(/\/my\/order\?id=mord_/);
  await expect(page.getByText('市場賣出・求購成交')).toBeVisible();
  await expectNoAxeViolations(page, '/my/order (sold to a bid)');
  await bidder.close();

  // Two physical goods in one order, sent together and delivered by the operator: the order screen shows one delivery
  // (issue 44: not one per item), links the carrier's tracking and takes 確認收貨 once for both.
  await buy(page, '/mall/goodsPay?id=prd_sleeves', 2);
  const address = await api<{ id: string }>(page, token, 'POST', 'address/add', {
    recipient: '陳大文',
    phone: '+85291234567',
    region: '九龍',
    district: '觀塘區',
    detail: '觀塘道 1 號 10 樓 A 室',
    isDefault: true,
  });
  const goods = await api<{ id: string }[]>(page, token, 'GET', 'goods/list?type=1&status=held');
  expect(goods).toHaveLength(2);
  const shipment = await api<{ id: string }>(page, token, 'POST', 'goods/delivery', {
    goodsIds: goods.map((g) => g.id),
    addressId: address.id,
  });
  const operator = await registerOperator(page.request, E2E_DESK_OPERATOR, '倉務員');
  const asOperator = { Authorization: `Bearer ${operator}` };
  const ship = { id: shipment.id, carrier: '香港郵政', trackingNumber: 'EC123456789HK' };
  expect((await page.request.post('/api/admin/shipments/ship', { headers: asOperator, data: ship })).status()).toBe(
    200,
  );
  const delivered = await page.request.post('/api/admin/shipments/deliver', {
    headers: asOperator,
    data: { id: shipment.id },
  });
  expect(delivered.status()).toBe(200);

  await page.goto('/my/collection/order?tab=product');
  await page
    .getByText(/港島夜景 卡套/)
    .first()
    .click();
  await expect(page).toHaveURL(/\/my\/order\?orderNo=/);
  const tracking = page.getByRole('link', { name: '在香港郵政網站追蹤運單 EC123456789HK' });
  await expect(tracking).toHaveAttribute('href', /hongkongpost\.hk.*EC123456789HK/);
  await expect(page.getByRole('region', { name: /^配送/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: '確認收貨' })).toHaveCount(1);
  await expectNoAxeViolations(page, '/my/order (delivered goods)');
  await page.getByRole('button', { name: '確認收貨' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認收貨' }).click();
  await expect(page.getByRole('region', { name: '配送' }).getByText(/・已確認收貨$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '確認收貨' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^配送/ })).toHaveCount(1);
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { registerOperator } from './back-office';
import { E2E_SET_OPERATOR } from './env';
import { api, tokenOf } from './market-setup';
import { freshHkid, signUp } from './session';
import { codeIn, waitForSms } from './sms-outbox';

/** Buys one card at the sandbox checkout from its pay screen. */
async function buy(page: Page, payPath: string) {
  await page.goto(payPath);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
}

/** Verified (and, for a seller, with a payout account), through the API. */
async function asTrader(page: Page, phone: string, seller: boolean) {
  const token = await tokenOf(page);
  await api(page, token, 'POST', 'userIdInfo/verify', { name: '陳大文', idType: 'hkid', idNumber: freshHkid() });
  if (!seller) return token;
  await api(page, token, 'POST', 'sms/authSend', { purpose: 'payment' });
  const code = codeIn(await waitForSms(phone, 2));
  await api(page, token, 'POST', 'payment/update', {
    method: 'fps',
    accountName: '陳大文',
    accountNo: '12345678',
    code,
  });
  return token;
}

test('一鍵補齊: a started theme shows each missing card’s cheapest listing and the total, and is paid in one order', async ({
  page,
  browser,
}) => {
  // A seller buys a card of the theme at the mall and lists it.
  const sellerPhone = await signUp(page, `賣家${String(Date.now()).slice(-4)}`);
  const sellerToken = await asTrader(page, sellerPhone.e164, true);
  await buy(page, '/mall/pay?id=ci_night_ferry');
  const held = await api<{ itemId: string; cardInfoId?: string; name: string }[]>(
    page,
    sellerToken,
    'GET',
    'market/canConsignList?kind=card',
  );
  for (const [i, card] of held.entries())
    await api(page, sellerToken, 'POST', 'market/create', {
      sell_type: 0,
      kind: 'card',
      itemId: card.itemId,
      price: 5_000 + i * 1_000, // HK$50 (one card)
    });

  // The buyer starts the theme with another card of it.
  const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const buyer = await buyerContext.newPage();
  const buyerPhone = await signUp(buyer, `買家${String(Date.now()).slice(-4)}`);
  await asTrader(buyer, buyerPhone.e164, false);
  await buy(buyer, '/mall/pay?id=ci_night_fireworks');

  await buyer.setViewportSize({ width: 320, height: 720 });
  await buyer.goto('/my/theme');
  await buyer.getByRole('button', { name: '一鍵補齊' }).first().click();
  const quote = buyer.getByRole('dialog', { name: /^一鍵補齊「/ });
  await expect(quote.getByText('欠缺的卡牌（商城或市場最低價）')).toBeVisible();
  // The demo market may sell a copy cheaper than the seller's: the quote names the cheapest, whoever sells it.
  await expect(quote.getByText('天星小輪')).toBeVisible();
  await expect(quote.getByText('合共（港幣）')).toBeVisible();
  // The cards nobody sells: a bid each, prefilled around the market price, placed in one step (one pay order).
  await expect(quote.getByRole('heading', { name: '市場上暫時沒有出售，可一次出價求購' })).toBeVisible();
  await expectNoAxeViolations(buyer, '/my/theme (一鍵補齊)');
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await quote.getByRole('button', { name: /^一次出價 HK\$/ }).click();
  await expect(quote.getByText(/^已建立 \d+ 張求購：/)).toBeVisible();
  await expect(quote.getByRole('button', { name: '前往付款' })).toBeVisible();

  await quote.getByRole('button', { name: /^付款 HK\$/ }).click();
  await expect(buyer).toHaveURL(/\/pay\/sandbox\//);
  await buyer.getByRole('button', { name: '確認付款' }).click();
  await expect(buyer.getByText('付款成功')).toBeVisible();
  await expect(buyer.getByText('卡牌已加入「我的收藏」；卡冊集齊後即可兌換 B 卡。')).toBeVisible();
  await expect(buyer.getByRole('button', { name: '兌換 B 卡' })).toBeVisible();
  await buyerContext.close();
});

test('一鍵補齊 to the B card: a theme started with a code is completed from the market in one order, then exchanged', async ({
  page,
  request,
}) => {
  // 神獸紀元's 白虎 comes only from codes: an operator makes one, the buyer redeems it and so starts the theme. Its
  // other four cards are sold on the demo market.
  const operator = { Authorization: `Bearer ${await registerOperator(request, E2E_SET_OPERATOR, '卡冊營運')}` };
  const made = await request.post('/api/admin/codeBatches/create', {
    headers: operator,
    data: { cardInfoId: 'ci_beast_tiger', count: 1, note: '一鍵補齊旅程' },
  });
  expect(made.status()).toBe(200);
  const batch = ((await made.json()) as { data: { id: string } }).data;
  const csv = await (await request.get(`/api/admin/codeBatches/csv?id=${batch.id}`, { headers: operator })).text();
  const code = csv.trim().split('\n')[1]!.split(',')[0]!.replace(/"/g, '');

  const phone = await signUp(page, `集齊${String(Date.now()).slice(-4)}`);
  await asTrader(page, phone.e164, false);
  await page.goto('/my/card');
  await page.getByLabel('兌換碼').fill(code);
  await page.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(page.getByText('兌換成功', { exact: true })).toBeVisible();

  // Another journey may buy a quoted copy first: the order is then refused, and a new quote is asked for.
  await expect(async () => {
    await page.goto('/my/theme');
    await page.getByRole('button', { name: '一鍵補齊' }).first().click();
    const quote = page.getByRole('dialog', { name: '一鍵補齊「神獸紀元」' });
    await expect(quote.getByText('合共（港幣）')).toBeVisible();
    await expect(quote.getByRole('heading', { name: '市場上暫時沒有出售，可一次出價求購' })).toHaveCount(0);
    await quote.getByRole('button', { name: /^付款 HK\$/ }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
  await page.getByRole('button', { name: '兌換 B 卡' }).click();
  await page.getByRole('dialog', { name: '兌換 B 卡' }).getByRole('button', { name: '確認兌換' }).click();
  await expect(page.getByText(/^兌換成功，獲得「/)).toBeVisible();
  await expect(page).toHaveURL(/\/my\/theme\?status=1/);
  await expect(page.getByRole('heading', { name: '神獸紀元' })).toBeVisible();
  await expectNoAxeViolations(page, '/my/theme (已兌換)');
});

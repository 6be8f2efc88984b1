import { expect, test, type Page } from '@playwright/test';
import { overflowProblems, scaleText } from './a11y-checks';
import { expectNoAxeViolations } from './axe';
import { api, fundBid, tokenOf } from './market-setup';
import { freshHkid, signUp, type Phone } from './session';
import { codeIn, waitForSms } from './sms-outbox';

/** A verified user with a payout account (what listing and offering ask for), set up through the API. */
async function trader(page: Page, nickname: string, name: string): Promise<{ token: string; phone: Phone }> {
  const phone = await signUp(page, `${nickname}${String(Date.now()).slice(-4)}`);
  const token = await tokenOf(page);
  await api(page, token, 'POST', 'userIdInfo/verify', { name, idType: 'hkid', idNumber: freshHkid() });
  await api(page, token, 'POST', 'sms/authSend', { purpose: 'payment' });
  const code = codeIn(await waitForSms(phone.e164, 2));
  // An account of their own: trades between accounts sharing one are left out of the market price (decision 032).
  const accountNo = phone.e164.slice(-8);
  await api(page, token, 'POST', 'payment/update', { method: 'fps', accountName: name, accountNo, code });
  return { token, phone };
}

test('offers: B offers on A’s listing, A counters, B accepts; both see the result', async ({ page, browser }) => {
  // A owns a card and lists it at HK$120.
  const a = await trader(page, '賣家', '陳大文');
  await page.goto('/mall/pay?id=ci_night_ferry');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
  const [card] = await api<{ itemId: string }[]>(page, a.token, 'GET', 'market/canConsignList?kind=card');
  const listing = await api<{ listing: { id: string } }>(page, a.token, 'POST', 'market/create', {
    sell_type: 0,
    kind: 'card',
    itemId: card!.itemId,
    price: 12_000,
  });

  // B has HK$100 in the wallet (a funded bid, cancelled), and offers HK$90 on the listing for 3 日.
  // B on a 320 px screen, in its own context: axe audits a page of a context, not of browser.newPage().
  const buyerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 320, height: 700 },
  });
  const buyer = await buyerContext.newPage();
  const b = await trader(buyer, '買家', '李小明');
  const bid = await fundBid(buyer, b.token, 'ci_night_ferry', 10_000);
  await api(buyer, b.token, 'POST', 'market/cancel', { id: bid });
  await buyer.goto(`/market/detail?id=${listing.listing.id}`);
  await expect(buyer.getByRole('button', { name: /^出價：/ })).toBeVisible();
  expect(await overflowProblems(buyer)).toEqual([]);
  await buyer.getByRole('button', { name: /^出價：/ }).click();
  const sheet = buyer.getByRole('dialog', { name: /出價$/ });
  await sheet.getByLabel('出價（HK$）').fill('90');
  await sheet.getByRole('radio', { name: '3 日' }).check();
  // Reaching 出價 in the sticky bottom bar scrolled the page behind the sheet, and axe takes that bar for an element in
  // the flow (dequelabs/axe-core#3720): a listing's 購買 passing under it fails target-size by the luck of the listings'
  // heights. Audited from the top, as market.spec.ts audits the detail.
  await buyer.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(buyer, '/market/detail (出價)');
  expect(await overflowProblems(buyer)).toEqual([]);
  await sheet.getByRole('button', { name: '確認出價' }).click();
  await expect(buyer.getByRole('dialog', { name: '已出價 HK$90.00' })).toBeVisible();

  // A sees it received, opens the thread and counters at HK$100.
  await page.goto('/my/collection/order?tab=offer');
  await page.getByRole('button', { name: '收到的出價' }).click();
  await expect(page.getByRole('list', { name: '收到的出價' }).getByText('輪到你回覆')).toBeVisible();
  await expectNoAxeViolations(page, '/my/collection/order?tab=offer');
  // The 收到出價 notice opens the thread.
  await page.goto('/my/notifications');
  await page
    .getByRole('list', { name: '通知' })
    .getByRole('button', { name: /收到出價/ })
    .click();
  await expect(page).toHaveURL(/\/my\/collection\/order\?tab=offer&id=/);
  const thread = page.getByRole('dialog', { name: /^收到的出價：/ });
  await expectNoAxeViolations(page, '/my/collection/order?tab=offer (thread)');
  await thread.getByLabel('還價（HK$）').fill('100');
  await thread.getByRole('button', { name: '送出還價' }).click();
  await expect(thread.getByText(/等待買家回覆/)).toBeVisible();

  // B accepts the counter: the card is B's, and both see 已成交.
  await buyer.goto('/my/collection/order?tab=offer');
  await buyer.getByRole('link', { name: /HK\$100\.00/ }).click();
  const mine = buyer.getByRole('dialog', { name: /^我的出價：/ });
  expect(await overflowProblems(buyer)).toEqual([]);
  await mine.getByRole('button', { name: '接受 HK$100.00' }).click();
  await buyer.getByRole('dialog').getByRole('button', { name: '接受', exact: true }).click();
  await expect(mine.getByText(/^已成交/)).toBeVisible();
  // The thread ends with the acceptance, its price and time (issue 44), and the list says 已成交 once.
  const step = (thread: typeof mine) => thread.getByRole('list', { name: '出價記錄' }).getByRole('listitem').last();
  await expect(step(mine)).toHaveText(/^你已接受 HK\$100\.00・\d{4}年/);
  await expect(buyer.getByRole('list', { name: '我出的價' }).locator('.offer-row-meta')).toHaveText('已成交');
  await page.reload();
  await expect(page.getByRole('dialog', { name: /^收到的出價：/ }).getByText(/^已成交/)).toBeVisible();
  await expect(step(page.getByRole('dialog', { name: /^收到的出價：/ }))).toHaveText(/^買家已接受 HK\$100\.00・/);
  // At 200 % text the thread still fits its sheet.
  await scaleText(page, 2);
  expect(await overflowProblems(page)).toEqual([]);
  await buyer.goto('/my/notifications');
  await expect(buyer.getByRole('list', { name: '通知' }).getByRole('button', { name: /出價已成交/ })).toBeVisible();
  await expect(buyer.getByRole('list', { name: '通知' }).getByRole('button', { name: /物主還價/ })).toBeVisible();
  const wallet = await api<{ balance: number; escrow: number }>(buyer, b.token, 'GET', 'payment/info');
  expect(wallet).toMatchObject({ balance: 0, escrow: 0 });

  // One sale, one truth (issue 44): the trade settled by the offer is in both histories, the desk, the price and the
  // ratings, as a listing bought would be.
  await buyer.goto('/my/collection/order?tab=buyer');
  const bought = buyer.getByRole('tabpanel', { name: '市場買入' });
  await expect(bought.getByText(/議價成交（.+ 賣出）/)).toBeVisible();
  await expect(bought.getByText('HK$100.00', { exact: true })).toBeVisible();
  await page.goto('/my/collection/order?tab=seller');
  const sold = page.getByRole('tabpanel', { name: '市場賣出' });
  await expect(sold.getByText(/議價成交（賣給 .+）/)).toBeVisible();
  await expect(sold.getByText('HK$100.00（手續費 HK$5.00，實收 HK$95.00）')).toBeVisible();
  // … and A can rate B on the same trade.
  await expect(sold.getByRole('button', { name: /^評價交易：/ }).first()).toBeVisible();
  // A's desk: the listing sold by the offer is 已成交 at the offer's price, not 已取消.
  await page.goto('/my/market?side=sell&view=ended');
  const ended = page.getByRole('list', { name: '已結束的出售掛單' });
  await expect(ended.getByText('已成交（議價成交 HK$100.00）')).toBeVisible();
  await expect(ended.getByText('已取消')).toHaveCount(0);
  // The price: the card's price history counts the offer's HK$100 (other journeys trade the same card meanwhile, so
  // its 最近成交 may be theirs).
  const history = await api<{ sales: { price: number; excluded: boolean }[] }>(
    buyer,
    b.token,
    'GET',
    'cardInfo/priceHistory?id=ci_night_ferry&range=7d',
  );
  expect(history.sales).toContainEqual(expect.objectContaining({ price: 10_000, excluded: false }));
  // The ratings: B rates A on the trade, and it shows on the order at once.
  await buyer.goto('/my/collection/order?tab=buyer');
  await bought
    .getByRole('button', { name: /^評價交易：/ })
    .first()
    .click();
  const rate = buyer.getByRole('dialog', { name: /^評價交易：/ });
  await rate.getByRole('button', { name: '👍 好評' }).click();
  await rate.getByRole('button', { name: '提交評價' }).click();
  await expect(rate).toBeHidden();
  await expect(bought.getByText('你的評價：👍 好評')).toBeVisible();
  await buyerContext.close();
});

test('offers on a public card: the owner’s 接受出價 switch, and 出價 with a short balance paid at checkout', async ({
  page,
  browser,
}) => {
  // A owns a card (bought at the mall) and makes it public.
  const a = await trader(page, '物主', '陳大文');
  await page.goto('/mall/pay?id=ci_night_ferry');
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
  const [card] = await api<{ id: string }[]>(page, a.token, 'GET', 'card/collection?page=1&pageSize=1');
  await api(page, a.token, 'POST', 'card/public', { id: card!.id, public: true });

  // A's card detail: 接受出價 is on by default; A switches it off with the keyboard.
  await page.goto('/my/collection');
  await page
    .getByRole('button', { name: /，查看詳情$/ })
    .first()
    .click();
  const toggle = page.getByRole('switch', { name: '接受出價' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(page, '/my/collection (卡牌詳情, 接受出價)');

  // B (no money in the wallet) sees no 出價 on the public card while offers are off.
  const buyerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 320, height: 700 },
  });
  const buyer = await buyerContext.newPage();
  const b = await trader(buyer, '出價者', '李小明');
  await buyer.goto(`/card?id=${card!.id}`);
  await expect(buyer.getByText(/^持有人：/)).toBeVisible();
  await expect(buyer.getByRole('button', { name: /^出價：/ })).toHaveCount(0);

  // A switches offers on again; B offers HK$50 on the public card and is offered 付款 (the balance is short).
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await buyer.reload();
  await buyer.getByRole('button', { name: /^出價：/ }).click();
  const sheet = buyer.getByRole('dialog', { name: /出價$/ });
  await sheet.getByLabel('出價（HK$）').fill('50');
  await expectNoAxeViolations(buyer, '/card (出價)');
  expect(await overflowProblems(buyer)).toEqual([]);
  await sheet.getByRole('button', { name: '確認出價' }).click();
  const pay = buyer.getByRole('dialog', { name: '付款以送出出價 HK$50.00' });
  await pay.getByRole('button', { name: '付款' }).click();
  await expect(buyer).toHaveURL(/\/mall\/pay\?orderNo=/);
  await buyer.getByRole('button', { name: '立即付款' }).click();
  await expect(buyer).toHaveURL(/\/pay\/sandbox\//);
  await buyer.getByRole('button', { name: '確認付款' }).click();
  await expect(buyer.getByText(/^出價已送出，款項由平台託管/)).toBeVisible();
  const wallet = await api<{ balance: number; escrow: number }>(buyer, b.token, 'GET', 'payment/info');
  expect(wallet).toMatchObject({ balance: 0, escrow: 5_000 });

  // A now has it among the offers received.
  await page.goto('/my/collection/order?tab=offer');
  await page.getByRole('button', { name: '收到的出價' }).click();
  await expect(page.getByRole('list', { name: '收到的出價' }).getByText(/HK\$50\.00/)).toBeVisible();
  await buyerContext.close();
});

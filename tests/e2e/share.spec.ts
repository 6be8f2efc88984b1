import { expect, test, type Page } from '@playwright/test';
import { buy } from './a11y-sweep';
import { expectNoAxeViolations } from './axe';
import { signUp } from './session';

/** Headless Chromium may or may not offer the Web Share API: taken away, so the fallback is what runs. */
async function withoutWebShare(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true });
  });
}

const metaContent = (page: Page, property: string) =>
  page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');

test('share: 「分享」 copies the link where there is no share sheet; a card is shown at /card only once its owner makes it public', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withoutWebShare(page);

  // A card info's page: the server's answer carries its preview, and 「分享」 copies the page's link.
  await page.goto('/mall/detail?id=ci_night_ferry');
  expect(await metaContent(page, 'og:title')).toBeTruthy();
  expect(await metaContent(page, 'og:description')).toContain('HK$');
  expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image');
  const ogImage = (await metaContent(page, 'og:image'))!;
  const picture = await page.request.get(ogImage.replace(/^https?:\/\/[^/]+/, ''));
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect((await picture.body()).length).toBeLessThanOrEqual(300 * 1024);

  const share = page.getByRole('button', { name: '分享', exact: true });
  await share.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已複製連結')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/mall\/detail\?id=ci_night_ferry$/);

  // An owned card: private until its owner switches 「公開此卡」 on.
  await signUp(page, '分享測試');
  await buy(page, '/mall/pay?id=ci_night_ferry', '/mall/info', false);
  await page.goto('/my/collection');
  await page
    .getByRole('button', { name: /^天星小輪 .*查看詳情$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '卡牌詳情' });
  const toggle = dialog.getByRole('switch', { name: '公開此卡' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByRole('button', { name: '分享', exact: true })).toHaveCount(0);
  const cardId = new URL(page.url()).searchParams.get('card')!;
  expect(cardId).toBeTruthy();

  // Private: the plain page, the same as for a card that does not exist.
  const hidden = await page.request.get(`/card?id=${cardId}`);
  const missing = await page.request.get('/card?id=card_does_not_exist');
  expect(await hidden.text()).toBe(await missing.text());
  expect(await hidden.text()).not.toContain('og:title');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: '分享', exact: true }).click();
  await expect(page.getByText('已複製連結').last()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/card\\?id=${cardId}$`));

  // Public: anyone (signed out too) sees the card, its serial, its owner and its provenance.
  const visitorContext = await browser.newContext({ baseURL, locale: 'zh-HK' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/card?id=${cardId}`);
  await expect(visitor.getByRole('heading', { name: /天星小輪 #\d+\/\d+/ })).toBeVisible();
  await expect(visitor.getByText('持有人：分享測試')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: '來源紀錄' })).toBeVisible();
  expect(await metaContent(visitor, 'og:url')).toMatch(new RegExp(`/card\\?id=${cardId}$`));
  await expectNoAxeViolations(visitor, '/card');
  await visitorContext.close();

  // Off again: the page says the card cannot be found, as for any unknown id.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.goto(`/card?id=${cardId}`);
  await expect(page.getByRole('main', { name: '卡牌' }).getByText('找不到此卡牌')).toBeVisible();
  expect(await page.locator('meta[property="og:title"]').count()).toBe(0);
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { registerOperator } from './back-office';
import { E2E_QUEUE_OPERATOR } from './env';
import { signUp } from './session';

/**
 * The waiting room of a hot drop (docs/decisions/044-waiting-room.md): an operator puts a 熱門 card on sale; a buyer
 * finds 立即購買 closed until their turn, joins the queue, is admitted (輪到你) and buys with the admission.
 */
test('a buyer queues for a hot drop and buys with its admission', async ({ page, request }) => {
  const token = await registerOperator(request, E2E_QUEUE_OPERATOR, '排隊營運');
  const headers = { authorization: `Bearer ${token}` };
  const theme = await request.post('/api/admin/themes/create', {
    headers,
    data: { name: '排隊卡冊', cover: '/uploads/t/640.webp' },
  });
  expect(theme.status()).toBe(200);
  const card = await request.post('/api/admin/cardInfos/create', {
    headers,
    data: {
      themeId: ((await theme.json()) as { data: { id: string } }).data.id,
      name: '排隊之星',
      image: '/uploads/c/640.webp',
      rarity: 'SSR',
      editionSize: 10,
      priceCents: 8_800,
      perUserLimit: 1,
      saleStartsAt: new Date(Date.now() - 5_000).toISOString(),
      hot: true,
    },
  });
  expect(card.status()).toBe(200);
  const id = ((await card.json()) as { data: { id: string } }).data.id;

  await signUp(page, '排隊買家');
  await page.goto(`/mall/detail?id=${id}`);
  await expect(page.getByRole('heading', { name: '熱門商品排隊' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即購買' })).toBeDisabled();
  await expect(page.getByText('熱門商品：輪到你後才可購買')).toBeVisible();
  await expectNoAxeViolations(page, '/mall/detail (熱門：排隊)');

  await page.getByRole('button', { name: '加入排隊' }).click();
  // The only one in the queue, after the start: admitted at once at the default rate.
  await expect(page.getByRole('heading', { name: '輪到你' })).toBeVisible();
  await expect(page.getByText(/^輪到你！請於 .+ 前下單。$/)).toBeVisible();
  await expectNoAxeViolations(page, '/mall/detail (熱門：輪到你)');

  await page.getByRole('button', { name: '立即購買' }).click();
  await expect(page).toHaveURL(new RegExp(`/mall/pay\\?id=${id}`));
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/mall\/info\?orderNo=/);
  await expect(page.getByText('付款成功')).toBeVisible();

  // Back on the drop: the admission is spent.
  await page.goto(`/mall/detail?id=${id}`);
  await expect(page.getByText('你已用此排隊資格下單。')).toBeVisible();
});

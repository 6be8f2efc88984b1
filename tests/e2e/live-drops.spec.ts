import { expect, test, type Page } from '@playwright/test';
import { largeTextChecks } from './sweep-checks';
import { overflowProblems } from './a11y-checks';
import { expectNoAxeViolations } from './axe';
import { registerOperator } from './back-office';
import { E2E_LIVE_DROP_OPERATOR } from './env';
import { expectFocusVisible } from './focus-checks';

/** One back-office call as the operator; answers `data`. */
async function adminCall<T>(page: Page, token: string, path: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/admin/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

test('即時發售: an operator picks a live drop with the keyboard and sees its stock change without reloading', async ({
  page,
}) => {
  const name = `即時麒麟${String(Date.now()).slice(-5)}`;
  const token = await registerOperator(page.request, E2E_LIVE_DROP_OPERATOR, '即時營運');
  const me = await page.request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } });
  const session = { token, user: ((await me.json()) as { data: unknown }).data };

  // A card drop on sale since a minute ago: 20 editions.
  const theme = await adminCall<{ id: string }>(page, token, 'themes/create', {
    name: `即時主題${name}`,
    cover: '/uploads/t/640.webp',
  });
  const card = await adminCall<{ id: string }>(page, token, 'cardInfos/create', {
    themeId: theme.id,
    name,
    image: '/uploads/c/640.webp',
    rarity: 'SR',
    editionSize: 20,
    priceCents: 2500,
    saleStartsAt: new Date(Date.now() - 60_000).toISOString(),
  });

  // A phone-sized window, signed in to the back office.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/admin/login');
  await page.evaluate((value) => localStorage.setItem('trove.admin.session', JSON.stringify(value)), session);
  await page.goto('/admin/liveDrops');
  await expect(page.getByRole('heading', { level: 1, name: '即時發售' })).toBeVisible();
  await expect(page).toHaveTitle(/^即時發售 \| Trove 寶庫 後台$/);

  await test.step('keyboard: Tab to 發售, type the name, Enter', async () => {
    const picker = page.getByRole('combobox', { name: '發售' });
    for (let i = 0; i < 40 && !(await picker.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(picker).toBeFocused();
    await expectFocusVisible(page, '發售');
    await page.keyboard.type(name);
    await expect(page.locator('.ant-select-item-option-active')).toContainText(name);
    await page.keyboard.press('Enter');
  });

  await test.step('its figures: 20 of 20 left, 30 minutes in the table, the chart drawn', async () => {
    await expect(page.getByText('/ 20')).toBeVisible();
    await expect(page.getByText(new RegExp(`更新：${name}剩餘 20 件（共 20 件）`))).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '分鐘（香港時間）' })).toBeVisible();
    await expect(page.locator('.admin-live-chart canvas')).toHaveCount(1);
    await expect(page.getByText('未設輪候')).toBeVisible();
  });

  await test.step('live: 5 more editions show within a few seconds, without reloading', async () => {
    const polled = page.waitForRequest((r) => r.url().includes('/api/admin/liveDrops/detail'), { timeout: 15_000 });
    await adminCall(page, token, 'cardInfos/update', { id: card.id, editionSize: 25 });
    await polled;
    await expect(page.getByText('/ 25')).toBeVisible({ timeout: 15_000 });
  });

  await test.step('paused: 暫停更新 stops the polling until 恢復更新', async () => {
    const pause = page.getByRole('button', { name: '暫停更新' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: '恢復更新' })).toHaveAttribute('aria-pressed', 'true');
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/liveDrops/detail')) asked++;
    });
    await page.waitForTimeout(7_000);
    expect(asked).toBe(0);
    await page.getByRole('button', { name: '恢復更新' }).press('Enter');
    await expect(page.getByRole('button', { name: '暫停更新' })).toBeVisible();
  });

  await test.step('axe, no sideways scroll at 320 px, nothing clipped at 200 % text', async () => {
    await expectNoAxeViolations(page, '/admin/liveDrops (a drop picked)');
    expect(await overflowProblems(page)).toEqual([]);
    expect(await largeTextChecks(page)).toEqual([]);
  });
});

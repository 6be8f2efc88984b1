import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectFocusVisible } from './focus-checks';
import { activate, arrive } from './keyboard';
import { signUp } from './session';

test('search from the home header in Simplified characters, filter by rarity, open a result, watch it and find it in the watchlist', async ({
  page,
}) => {
  // Signed up, on the home screen, whose box is a link to /search; there its own box takes the focus.
  await signUp(page, '搜尋收藏家');
  await page.getByRole('link', { name: '搜尋卡牌、商品、主題、賣家' }).click();
  await expect(page).toHaveURL(/\/search$/);
  const box = page.getByRole('combobox', { name: '搜尋卡牌、商品、主題或賣家' });
  await expect(box).toBeFocused();

  // Suggestions as the user types: 维港 (Simplified) finds 維港幻彩.
  await box.fill('维港');
  await expect(page.getByRole('listbox', { name: '搜尋建議' }).getByRole('option', { name: /維港幻彩/ })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=%E7%BB%B4%E6%B8%AF$/);
  const cards = page.getByRole('region', { name: /^卡牌（\d+）$/ });
  await expect(cards.getByRole('link', { name: '維港幻彩' })).toBeVisible();
  await expect(cards.getByRole('link', { name: '維港之心' })).toBeVisible();
  await expectNoAxeViolations(page, '/search');

  // Filter by rarity: only the SSR one stays.
  await page
    .getByRole('group', { name: '稀有度' })
    .getByRole('button', { name: /^SSR（\d+ 項）$/ })
    .click();
  await expect(page).toHaveURL(/rarity=SSR/);
  await expect(cards.getByRole('link', { name: '維港之心' })).toBeHidden();
  await expect(page.getByRole('group', { name: '稀有度' }).getByRole('button', { name: /^SSR/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Open it: the card's screen in the mall.
  await cards.getByRole('link', { name: '維港幻彩' }).click();
  await expect(page).toHaveURL(/\/mall\/detail\?id=ci_night_fireworks/);
  await expect(page.getByRole('heading', { name: '維港幻彩' }).first()).toBeVisible();

  // Watch it.
  await page.getByRole('button', { name: '關注', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消關注', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Back: the filtered results again, without a reload of the search.
  await page.goBack();
  await expect(page).toHaveURL(/rarity=SSR/);
  await expect(cards.getByRole('link', { name: '維港幻彩' })).toBeVisible();

  // The watchlist has it, with its prices, and opens it again.
  await page.goto('/my');
  await page.getByRole('link', { name: /關注清單/ }).click();
  const list = page.getByRole('list', { name: '關注的項目' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('link', { name: '維港幻彩' }).click();
  await expect(page).toHaveURL(/\/mall\/detail\?id=ci_night_fireworks/);
});

test('one character finds what contains it; the last searches are kept on the device and can be cleared', async ({
  page,
}) => {
  await page.goto('/mall');
  const box = page.getByRole('combobox', { name: '搜尋卡牌、商品、主題或賣家' });
  await box.fill('麟');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=%E9%BA%9F$/);
  await expect(
    page.getByRole('region', { name: /^卡牌（\d+）$/ }).getByRole('link', { name: '祥瑞麒麟' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^商品（\d+）$/ }).getByRole('link', { name: '祥瑞麒麟 PVC 公仔' }),
  ).toBeVisible();

  // Nothing found: what to try instead.
  await box.fill('沒有這張卡牌');
  await box.press('Enter');
  await expect(page.getByText('找不到相關結果')).toBeVisible();

  // /market's box keeps the searches too: focused and empty, it lists them, newest first.
  await page.goto('/market');
  const marketBox = page.getByRole('combobox', { name: '搜尋卡牌或物品名稱' });
  await marketBox.focus();
  const recent = page.getByRole('listbox', { name: '最近搜尋' });
  await expect(recent.getByRole('option')).toHaveText(['沒有這張卡牌', '麟']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // On /market a search filters its own rows.
  await expect(page).toHaveURL(/\/market\?q=%E9%BA%9F$/);
  await marketBox.fill('');
  await page.getByRole('button', { name: '清除搜尋記錄' }).click();
  await expect(page.getByRole('button', { name: '清除搜尋記錄' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('trove.recentSearches'))).toBeNull();
});

test('keyboard only: search from the home header, pick a suggestion, filter by rarity, open a result', async ({
  page,
}) => {
  await arrive(page, '/');
  await activate(page, page.getByRole('link', { name: '搜尋卡牌、商品、主題、賣家' }));
  await expect(page).toHaveURL(/\/search$/);
  const box = page.getByRole('combobox', { name: '搜尋卡牌、商品、主題或賣家' });
  await expect(box).toBeFocused();
  await page.keyboard.type('维港');
  const option = page.getByRole('listbox', { name: '搜尋建議' }).getByRole('option', { name: /維港幻彩/ });
  await expect(option).toBeVisible();
  await expectFocusVisible(page, 'the search box');
  // Arrow keys move the active option while the focus stays in the box (checked before: the check blurs the
  // box for a moment, which closes its list); Enter searches it.
  while ((await option.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=%E7%B6%AD%E6%B8%AF%E5%B9%BB%E5%BD%A9$/);
  const cards = page.getByRole('region', { name: /^卡牌（\d+）$/ });
  await expect(cards.getByRole('link', { name: '維港幻彩' })).toBeVisible();

  await activate(page, page.getByRole('group', { name: '稀有度' }).getByRole('button', { name: /^SSR（\d+ 項）$/ }));
  await expect(page).toHaveURL(/rarity=SSR/);
  await activate(page, cards.getByRole('link', { name: '維港幻彩' }));
  await expect(page).toHaveURL(/\/mall\/detail\?id=ci_night_fireworks/);
});

import { expect, test, type Page } from '@playwright/test';
import { expectFocusVisible } from './focus-checks';
import { codeAfter, pngImage, registerOperator } from './back-office';
import { E2E_KEYBOARD_OPERATOR } from './env';
import { activate, arrive, escapeBackTo, expectFocusInDialog, expectFocusTrapped, typeInto } from './keyboard';

/**
 * The back office with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11), like keyboard.spec.ts does for the app:
 * Tab, Shift+Tab, Enter and Escape, never a click; at every stop the focused element is on screen, not under the
 * header or a mask, and shows the focus ring. The menu drawer and the dialogs hold focus while open, Escape closes
 * them, and focus goes back to the control that opened them. (`page.goto` stands for typing the address.)
 */

/** antd animates its dialogs and drawers in and out (zoom, slide): wait until they are at rest. */
async function motionDone(page: Page): Promise<void> {
  const moving = ['zoom', 'fade', 'drawer-panel-motion-left', 'drawer-panel-motion-right'].flatMap((m) =>
    ['appear', 'enter', 'leave'].map((phase) => `[class*="ant-${m}-${phase}"]`),
  );
  await expect(page.locator(moving.join(', '))).toHaveCount(0);
}

test('keyboard only: an operator signs in, opens the menu, creates a theme, and deletes it through the confirm dialog', async ({
  page,
}) => {
  const name = `鍵盤主題${String(Date.now()).slice(-5)}`;
  await registerOperator(page.request, E2E_KEYBOARD_OPERATOR, '鍵盤營運');

  // A phone-sized window: the menu is the drawer behind 選單.
  await page.setViewportSize({ width: 390, height: 800 });

  await test.step('sign in: phone, 獲取驗證碼, the code, Enter', async () => {
    await arrive(page, '/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await typeInto(page, page.getByLabel('手機號碼'), E2E_KEYBOARD_OPERATOR.national);
    const code = await codeAfter(E2E_KEYBOARD_OPERATOR.e164, () =>
      activate(page, page.getByRole('button', { name: '獲取驗證碼' })),
    );
    await expect(page.getByRole('status')).toHaveText('驗證碼已發送');
    await typeInto(page, page.getByLabel('驗證碼'), code, { back: true });
    // Enter in the code field submits; the screen changes under it, so the next check is on the dashboard.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: '主控台' })).toBeVisible();
  });

  await test.step('the menu drawer: focus moves in and stays, Escape gives it back to 選單, a link opens 主題', async () => {
    const menu = page.getByRole('button', { name: '選單', exact: true });
    await activate(page, menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await motionDone(page);
    const drawer = await expectFocusInDialog(page, '後台選單');
    await expect(drawer.getByRole('link', { name: '主控台' })).toBeFocused();
    await expectFocusTrapped(page, drawer);
    await escapeBackTo(page, drawer, menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Enter on 選單 again (focus is on it): the drawer takes focus as it opens, so it is checked once open.
    await page.keyboard.press('Enter');
    await motionDone(page);
    await expectFocusInDialog(page, '後台選單');
    await expectFocusVisible(page, 'the reopened menu');
    await activate(page, page.getByRole('dialog', { name: '後台選單' }).getByRole('link', { name: '主題' }));
    await expect(page).toHaveURL(/\/admin\/themes$/);
    await expect(page.getByRole('dialog', { name: '後台選單' })).toBeHidden();
    await expect(menu).toBeFocused();
    await expectFocusVisible(page, 'focus back on 選單 after navigating');
  });

  // A desktop window: the menu is the side bar, reached with Tab like any link.
  await page.setViewportSize({ width: 1280, height: 800 });

  await test.step('create a theme: the form dialog, typed and saved; it is in the list', async () => {
    await arrive(page, '/admin/themes');
    await activate(page, page.getByRole('navigation', { name: '後台選單' }).getByRole('link', { name: '卡牌' }));
    await expect(page).toHaveURL(/\/admin\/cardInfos$/);
    await activate(page, page.getByRole('navigation', { name: '後台選單' }).getByRole('link', { name: '主題' }), {
      back: true,
    });
    await expect(page).toHaveURL(/\/admin\/themes$/);
    const create = page.getByRole('button', { name: '新增主題' });
    await activate(page, create);
    await motionDone(page);
    const form = await expectFocusInDialog(page, '新增主題');
    await typeInto(page, form.getByLabel('名稱', { exact: true }), name);
    await typeInto(page, form.getByLabel('簡介'), '以鍵盤建立的主題');
    // The cover: Enter on 上載圖片 opens the system's file picker (answered here, as a person would pick a file).
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      activate(page, form.getByRole('button', { name: '上載主題封面' })),
    ]);
    await chooser.setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(form.getByRole('img', { name: '主題封面預覽' })).toBeVisible();
    await expectFocusVisible(page, 'after the upload');
    await activate(page, form.getByRole('button', { name: '儲存' }));
    await expect(form).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(create).toBeFocused();
    await expectFocusVisible(page, 'focus back on 新增主題');
  });

  await test.step('delete it: the confirm dialog holds focus, Escape closes it and gives focus back, Enter reopens it', async () => {
    const remove = page.getByRole('button', { name: `刪除主題 ${name}` });
    await activate(page, remove);
    await motionDone(page);
    const confirm = await expectFocusInDialog(page, `刪除主題「${name}」？`);
    await expectFocusVisible(page, 'the confirm dialog opens on a button');
    await expectFocusTrapped(page, confirm);
    await escapeBackTo(page, confirm, remove);
    await page.keyboard.press('Enter');
    await motionDone(page);
    const again = await expectFocusInDialog(page, `刪除主題「${name}」？`);
    await expectFocusVisible(page, 'the reopened confirm dialog');
    await activate(page, again.getByRole('button', { name: '刪除' }));
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});

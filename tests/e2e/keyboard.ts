import { expect, type Locator, type Page } from '@playwright/test';
import { expectFocusVisible, freezeTransitions, tabTo } from './focus-checks';
import { appLive } from './axe';

/** Keyboard-only steps of the browser journeys (tests/e2e/keyboard.spec.ts, collection.spec.ts). */

/** Goes to a screen as a keyboard user arrives: focus at the top of the page. */
export async function arrive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await appLive(page);
  await expect(page.locator('.screen-loading, .state-loading')).toHaveCount(0);
  await freezeTransitions(page);
}

export async function press(page: Page, key: string, step: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page, `${step} (${key})`);
}

/** Activates `target`: Tab (or Shift+Tab) to it, then Enter. */
export async function activate(
  page: Page,
  target: Locator,
  opts: { back?: boolean; key?: 'Enter' | 'Space' } = {},
): Promise<void> {
  await tabTo(page, target, opts);
  await page.keyboard.press(opts.key ?? 'Enter');
}

/** Types into `target` after tabbing to it; select-all first, so it replaces what is there. */
export async function typeInto(
  page: Page,
  target: Locator,
  text: string,
  opts: { back?: boolean } = {},
): Promise<void> {
  await tabTo(page, target, opts);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** The dialog that has focus now; fails when focus is not inside one. */
export async function expectFocusInDialog(page: Page, name?: string | RegExp): Promise<Locator> {
  const dialog = name ? page.getByRole('dialog', { name }) : page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // antd-mobile slides popups in: check them at rest (they take pointer events once fully open).
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.adm-popup-body, .adm-center-popup-wrap > div')).some(
          (el) => el.getClientRects().length > 0 && getComputedStyle(el).pointerEvents === 'none',
        ),
      ),
    )
    .toBe(false);
  return dialog;
}

/** Tab and Shift+Tab a full round inside the open dialog: focus never leaves it. */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of [
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
  ]) {
    await press(page, key, 'inside the dialog');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} stays in the dialog`).toBe(true);
  }
}

/** Escape closes the open dialog and focus is back on `opener`. */
export async function escapeBackTo(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Focus is back at once; the mask fades out after it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.adm-popup, .adm-center-popup')).some(
          (e) => e.style.display !== 'none',
        ),
      ),
    )
    .toBe(false);
  await expectFocusVisible(page, 'focus back on the opener');
}

import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { buy, sweep } from './a11y-sweep';
import { narrowThenLargeTextChecks } from './sweep-checks';
import { expectNoAxeViolations } from './axe';
import { APP_SCREENS } from './screens';
import { signUp } from './session';

/**
 * axe: every screen of the app, signed out and signed in, whatever order the other journeys take.
 * Screens that take an id open a demo item; the order screens open orders this journey places.
 */
const SCREENS = APP_SCREENS;

async function open(page: Page, path: RoutePath) {
  await page.goto(`${path}${SCREENS[path].query ?? ''}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?|$)`));
  await expectNoAxeViolations(page, path);
}

test('axe: every screen, signed out and signed in, has no WCAG 2.2 AA violation', async ({ page }) => {
  test.setTimeout(420_000);
  expect(Object.keys(SCREENS).sort()).toEqual([...ROUTE_PATHS].sort());

  // Signed out: the public screens; a guarded one sends the visitor to /login.
  for (const path of ROUTE_PATHS) if (!SCREENS[path].auth) await open(page, path);
  await page.goto('/no-such-screen');
  await expectNoAxeViolations(page, '找不到頁面');

  // Signed in: every screen, the order screens with orders placed through the sandbox checkout.
  await signUp(page, '無障礙測試');
  for (const path of ROUTE_PATHS) {
    if (path === '/mall/info' || path === '/mall/goodsInfo') continue;
    await open(page, path);
  }
  await buy(page, `/mall/pay${SCREENS['/mall/pay'].query}`, '/mall/info');
  await buy(page, `/mall/goodsPay${SCREENS['/mall/goodsPay'].query}`, '/mall/goodsInfo');
});

test('a11y: every screen at 320 px: no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title; then at 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  await sweep(browser, 320, 'app', narrowThenLargeTextChecks);
});

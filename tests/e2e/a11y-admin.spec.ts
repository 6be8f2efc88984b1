import { test } from '@playwright/test';
import { sweep } from './a11y-sweep';
import { narrowThenLargeTextChecks } from './sweep-checks';

/**
 * The back office (/admin, its own entry): every screen and dialog of ADMIN_SCREENS, one page load each: axe-core
 * (WCAG 2.2 AA) at the desktop size it is built for, then at 320 px the layout, targets, names, title and focus, then
 * the text at 200 %.
 */
test('a11y: every back-office screen and dialog: no WCAG 2.2 AA violation (axe, desktop); at 320 px no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title; then at 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  // A guard against a hang, not a measure: 10 min on a fast 2-core machine beside the gate's other parts, over 15 on a
  // machine half as fast.
  test.setTimeout(1_800_000);
  await sweep(browser, 320, 'admin', narrowThenLargeTextChecks);
});

import { expect, test } from '@playwright/test';
import { ROUTE_PATHS } from '../../src/shared/routes';
import { sweep } from './a11y-sweep';
import { narrowThenLargeTextChecks } from './sweep-checks';
import { APP_SCREENS } from './screens';

/**
 * Every screen of the app, signed in as a user with something on each (a11y-sweep.ts), every sheet opened, and the
 * public screens signed out, whatever order the other journeys take. One page load per screen for all the checks:
 * axe-core (WCAG 2.2 AA) first, then at 320 px the layout, targets, names, title and focus, then the text at 200 %.
 */
test('a11y: every screen and sheet: no WCAG 2.2 AA violation (axe); at 320 px no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title; then at 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  // A guard against a hang, not a measure: 10 min on a fast 2-core machine beside the gate's other parts, over 15 on a
  // machine half as fast.
  test.setTimeout(1_800_000);
  expect(Object.keys(APP_SCREENS).sort()).toEqual([...ROUTE_PATHS].sort());
  await sweep(browser, 320, 'app', narrowThenLargeTextChecks);
});

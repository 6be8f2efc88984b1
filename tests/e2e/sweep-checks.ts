import type { Page } from '@playwright/test';
import { clippingProblems, nameProblems, overflowProblems, scaleText, targetSizeProblems } from './a11y-checks';
import type { Visit } from './a11y-sweep';
import { expectNoAxeViolations, transitionsEnded } from './axe';
import { DESKTOP } from './back-office';
import { focusSweep, freezeTransitions } from './focus-checks';

/** What the accessibility sweeps (a11y-sweep.ts) check on every screen they visit. */

/** 320 px: no sideways scroll, targets, names, a title naming the screen, a focus indicator at every Tab stop. */
export async function narrowChecks(page: Page, v: Visit): Promise<string[]> {
  await freezeTransitions(page);
  const problems = [
    ...(await overflowProblems(page)),
    ...(await targetSizeProblems(page)),
    ...(await nameProblems(page)),
  ];
  const title = await page.title();
  // The app's top bar, the sandbox checkout's heading, the back office's page heading.
  const heading = v.admin
    ? await adminHeading(page)
    : ((await page.locator('.app-title, body > main > h1').first().textContent()) ?? '');
  if (!heading.trim()) problems.push('no heading names the screen');
  else if (!title.includes(heading.trim()))
    problems.push(`document.title "${title}" does not name the screen "${heading}"`);
  const focus = await focusSweep(page, v.admin ? 60 : 30);
  if (focus.stops === 0) problems.push('no Tab stop');
  problems.push(...focus.problems);
  return problems;
}

/** The back office's screen name: the page heading (the list's or record's title), or the sign-in card's. */
async function adminHeading(page: Page): Promise<string> {
  return (
    (await page
      .locator('main h1, .ant-page-header-heading-title, .admin-login-title, .ant-result-title')
      .first()
      .textContent()) ?? ''
  );
}

/**
 * axe (WCAG 2.2 AA) on the screen as visited, an opened sheet or dialog included: the app at the sweep's width, the
 * back office at the desktop size it is built for (the page is widened for the audit, then narrowed again).
 */
async function axeAudit(page: Page, v: Visit): Promise<void> {
  if (!v.admin) return expectNoAxeViolations(page, v.name);
  const narrow = page.viewportSize()!;
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, v.name);
  await page.setViewportSize(narrow);
  await transitionsEnded(page);
}

/**
 * Both sweeps' checks on one visit: axe, the 320 px checks, then the same screen (an opened sheet still open) with its
 * text at 200 %. One page load per screen for all three: the sweeps are the longest journeys of the gate.
 */
export async function narrowThenLargeTextChecks(page: Page, v: Visit): Promise<string[]> {
  await axeAudit(page, v);
  if (v.axeOnly) return [];
  const narrow = await narrowChecks(page, v);
  const large = await largeTextChecks(page);
  return [...narrow, ...large.map((p) => `at 200 % text: ${p}`)];
}

/** 200 % text: nothing scrolling sideways, clipped or overlapping. */
export async function largeTextChecks(page: Page): Promise<string[]> {
  await scaleText(page, 2);
  return [...(await overflowProblems(page)), ...(await clippingProblems(page))];
}

import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe, { type AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { E2E_AXE_LOG } from './env';

/** WCAG 2.2 level AA, as axe-core tags it (each level includes the ones before it). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Audit {
  screen: string;
  url: string;
  violations: { id: string; impact: string | null; targets: string[] }[];
}

/** True when the page holds a sign-in record (the app keeps it in local storage). */
async function signedIn(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"token"')));
}

/** Waits until the screen has its content: no route or region spinner, fonts loaded, popups done animating. */
/**
 * Waits until React has drawn the mobile app (its layout carries data-live): before that the page holds the boot
 * spinner or a server-drawn copy of the bars, with nothing of the screen in it. The back office and the sandbox
 * checkout page are other pages.
 */
export async function appLive(page: Page): Promise<void> {
  const { pathname } = new URL(page.url());
  if (pathname.startsWith('/admin') || pathname.startsWith('/pay/')) return;
  // The first screen of a fresh page loads the entry, the screen's chunks and the session: on a busy 2-core machine
  // (CI runs the unit tests beside the journeys) that took over the 10 s every other wait has.
  await expect(page.locator('.app-shell[data-live]')).toHaveCount(1, { timeout: 30_000 });
}

/** The screen at rest: drawn by React, loaded, no toast, message or popup in motion, fonts in. */
export async function settled(page: Page): Promise<void> {
  await appLive(page);
  // A button still finding out what it can do (the push switch asks the service worker, for up to 1.5 s) is drawn
  // faded like a disabled one: audit it once it knows.
  await expect(page.locator('.screen-loading, .state-loading, .adm-button-loading')).toHaveCount(0);
  // The request client's blocking toast: the screen under it is about to change.
  await expect(page.locator('.adm-toast-main').filter({ hasText: '載入中…' })).toHaveCount(0);
  // A passing toast (「已儲存」…) fades out over the screen it leaves: audit once it has gone, never mid-fade
  // (axe would blend its half-transparent colours). Toasts are announced through the live region instead.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  // The back office's passing messages (antd `message`, 「已建立」…) likewise fade out over the screen.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // antd-mobile animates masks, popups and toasts with react-spring: audit them at rest, never half faded in.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLElement>('.adm-mask, .adm-center-popup-wrap > div, .adm-popup-body'),
        ).some((el) => {
          if (el.getClientRects().length === 0) return false; // not rendered
          const style = getComputedStyle(el);
          // A mask is at rest at opacity 0 or 1; a popup takes pointer events only once fully open.
          return el.classList.contains('adm-mask')
            ? style.opacity !== '1' && style.opacity !== '0'
            : style.pointerEvents === 'none';
        }),
      ),
    )
    .toBe(false);
  // A CSS transition under way (a button fading from disabled to enabled over 0.15 s as the waiting room admits the
  // buyer): axe would read its half-faded colours (gate 3: 立即購買 at contrast 2).
  await transitionsEnded(page);
}

/**
 * Two frames for what a change of the page (its size, a state) sets off to be drawn, then no CSS transition running:
 * a screen that answers a resize with React (antd's breakpoints) and a transition is checked at its new size, not on
 * the way there (gate 4: the back office's 404 measured 496 px wide just after narrowing to 320 px).
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
      ),
    )
    .toBe(false);
}

/**
 * axe-core's run over the page's document, with axe-core put in once per document (the screens have no frames).
 * @axe-core/playwright's AxeBuilder put its 550 KB in three times an audit and finished each in a blank page of its own:
 * 875–1 117 ms an audit against 163–224 ms this way, on the same five screens (decision 046).
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (values) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values } }),
    WCAG_22_AA,
  );
}

/**
 * Runs axe-core on what the page shows now and fails on any WCAG 2.2 AA violation. Every call is
 * logged, so the run ends with a count of the screens audited (see reportAxe, run by the global teardown).
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await settled(page);
  const name = `${screen} (${(await signedIn(page)) ? 'signed in' : 'signed out'})`;
  const results = await runAxe(page);
  const audit: Audit = {
    screen: name,
    url: new URL(page.url()).pathname + new URL(page.url()).search,
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((n) => n.target.join(' ')),
    })),
  };
  mkdirSync(path.dirname(E2E_AXE_LOG), { recursive: true });
  appendFileSync(E2E_AXE_LOG, `${JSON.stringify(audit)}\n`);
  const readable = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`,
  );
  // Soft: one run lists every screen that fails, not only the first.
  expect.soft(readable, `axe-core (WCAG 2.2 AA) on ${name} at ${audit.url}`).toEqual([]);
}

export function resetAxeLog(): void {
  rmSync(E2E_AXE_LOG, { force: true });
}

/** Prints `[check] axe: …` and writes {screens, violations} to the check report folder. */
export function reportAxe(): void {
  const audits: Audit[] = existsSync(E2E_AXE_LOG)
    ? readFileSync(E2E_AXE_LOG, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Audit)
    : [];
  const screens = new Set(audits.map((a) => a.screen));
  // A screen audited several times counts its worst audit once, so repeated visits do not inflate the figure.
  const worst = new Map<string, number>();
  for (const a of audits)
    worst.set(
      a.screen,
      Math.max(
        worst.get(a.screen) ?? 0,
        a.violations.reduce((n, v) => n + v.targets.length, 0),
      ),
    );
  const violations = [...worst.values()].reduce((a, b) => a + b, 0);
  const dir = process.env.CHECK_REPORT_DIR ?? 'ci-results/checks';
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'axe.json'),
    `${JSON.stringify({ check: 'axe', db: 'pglite', 'screens audited': screens.size, violations, audits: audits.length, details: { standard: 'WCAG 2.2 AA', tags: WCAG_22_AA, screenNames: [...screens].sort() } }, null, 2)}\n`,
  );
  console.log(`[check] axe: screens audited ${screens.size}, violations ${violations}`);
}

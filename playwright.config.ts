import { defineConfig } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from './src/shared/constants';
import {
  CHROMIUM,
  CSS_ORDER_RUN,
  E2E_A11Y_OPERATOR,
  E2E_BACK_OFFICE_OPERATOR,
  E2E_DATA_DIR,
  E2E_DESK_OPERATOR,
  E2E_SET_OPERATOR,
  E2E_KEYBOARD_OPERATOR,
  E2E_QUEUE_OPERATOR,
  E2E_LIVE_DROP_OPERATOR,
  E2E_OPERATOR,
  E2E_PACKS_OPERATOR,
  E2E_PORT,
  E2E_PUSH_PORT,
  E2E_REFUND_OPERATOR,
  E2E_SMS_OUTBOX,
} from './tests/e2e/env';

// Browser journeys in Debian's Chromium against the real server on a fresh embedded database.
export default defineConfig({
  testDir: './tests/e2e',
  // The CSS order check needs a build whose rules name their files: `npm run check:css-order` runs it on one.
  testIgnore: CSS_ORDER_RUN ? [] : ['**/css-order.spec.ts'],
  // The axe audits of the run are summed up at the end: `[check] axe: …` and ${CHECK_REPORT_DIR}/axe.json.
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  // Two: the journeys wait on the server and the browser as much as they compute (on 2 cores, 13.7 → 10.4 min).
  workers: 2,
  retries: 0,
  // A hang guard, one for every journey: the longest (trading, packs, offers) take 1–2 min alone and past 3 min while
  // the gate's unit runs share the 2 cores of a slower machine (decision 046); an action that cannot happen still fails
  // in 30 s (actionTimeout). Only the sweeps, the back office's long walk and the CSS order check set their own.
  timeout: 480_000,
  // A check waits as long as the app's own requests do (REQUEST_TIMEOUT_MS, 20 s; past it a screen shows its error
  // state). On the gate's 2 cores the journeys run at the lower priority beside both unit runs and PostgreSQL: CI once
  // found the watchlist of search.spec.ts still empty after 10 s (it passed in every run here, alone and beside three
  // busy loops).
  expect: { timeout: REQUEST_TIMEOUT_MS },
  // The CSS order check keeps its results and artefacts apart (Playwright empties its output folder first; the gate
  // sums both results).
  outputDir: CSS_ORDER_RUN ? 'test-results/css-order' : 'test-results/e2e',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: CSS_ORDER_RUN ? 'ci-results/css-order.json' : 'ci-results/e2e.json' }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 390, height: 844 },
    locale: 'zh-HK',
    timezoneId: 'Asia/Hong_Kong',
    screenshot: 'only-on-failure',
    // A failed journey keeps its trace of actions, console and network, and its screenshot and page snapshot
    // (error-context.md). Not the trace's screencast and DOM snapshots: recorded for every journey, passed or not,
    // they cost a third of the browser's CPU (market + keyboard journeys, idle machine: 128–135 CPU-s with them, 90
    // without; decision 046).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // An action that cannot happen (an option never rendered) fails in 30 s instead of waiting out a 10-minute journey.
    actionTimeout: 30_000,
    launchOptions: CHROMIUM,
    // The journeys run without the service worker (decision 035): a page it controls sends its calls through it,
    // where page.route no longer sees them (auth.spec.ts holds /api/sms/send), and each fresh context would download
    // the precache. tests/e2e/pwa.spec.ts allows it and checks it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} ${E2E_SMS_OUTBOX} && npx tsx src/server/main.ts`,
    // Readiness: the server is up and its database answers.
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    // A hang guard, tripled with the others (decision 046): the gate's slow host has taken ~90 s to start a server
    // while the other parts run, and this one migrates and seeds its database first.
    timeout: 360_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      SMS_PROVIDER: 'file',
      SMS_OUTBOX_FILE: E2E_SMS_OUTBOX,
      LOG_LEVEL: 'warn',
      // Every journey signs people up from 127.0.0.1: more SMS than one real client sends in an hour.
      SMS_PER_IP_PER_HOUR: '1000',
      // Two workers' journeys all call from 127.0.0.1: at their busiest (an a11y sweep beside a trade) more than the 600
      // calls a minute one real client gets, and a 429 there is an empty sheet (CI: market.spec's 賣給他 found no item).
      RATE_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: 'true',
      // The fake push service of notifications.spec.ts (real HTTP on 127.0.0.1): a production server sends only to
      // the browsers' push services and to what this lists.
      PUSH_SERVICE_ORIGINS: `http://127.0.0.1:${E2E_PUSH_PORT}`,
      // Another build than dist/web (the CSS order check's).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ADMIN_PHONES: [
        E2E_OPERATOR,
        E2E_BACK_OFFICE_OPERATOR,
        E2E_A11Y_OPERATOR,
        E2E_KEYBOARD_OPERATOR,
        E2E_DESK_OPERATOR,
        E2E_SET_OPERATOR,
        E2E_PACKS_OPERATOR,
        E2E_QUEUE_OPERATOR,
        E2E_LIVE_DROP_OPERATOR,
        E2E_REFUND_OPERATOR,
      ]
        .map((p) => p.e164)
        .join(','),
    },
  },
});

/**
 * Whether Chromium finds the app installable (decision 035). Lighthouse 12 dropped its PWA category and its
 * installable-manifest audit, so this asks Chromium itself, over the DevTools protocol of the browser the bench
 * launched: the manifest parses without errors, the page is controlled by the service worker, Chromium reports no
 * installability error, and offline a page shows the zh-HK offline screen.
 */
import { chromium } from '@playwright/test';

export interface Installability {
  installable: boolean;
  /** Chromium's installability errors (`Page.getInstallabilityErrors`), none when installable. */
  errors: string[];
  manifestErrors: string[];
  manifestUrl: string;
  workerControls: boolean;
  offlineScreen: boolean;
}

export async function checkInstallability(port: number, url: string): Promise<Installability> {
  // Playwright over the DevTools protocol of the browser the bench launched (no browser of its own is downloaded).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    // main.tsx registers the worker a few seconds after load, when the browser is idle.
    const workerControls = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Offline for the context: its pages and its service worker.
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' }).catch(() => null);
    const offlineScreen = await page
      .locator('h1')
      .first()
      .textContent({ timeout: 5_000 })
      .then(
        (t) => t?.trim() === '你已離線',
        () => false,
      );
    await context.setOffline(false);
    const errors = installabilityErrors.map((e) => e.errorId);
    return {
      installable: errors.length === 0 && manifest.errors.length === 0 && workerControls,
      errors,
      manifestErrors: manifest.errors.map((e) => e.message),
      manifestUrl: manifest.url,
      workerControls,
      offlineScreen,
    };
  } finally {
    await page.close();
    await browser.close();
  }
}

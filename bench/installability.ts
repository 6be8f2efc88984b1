/**
 * Whether Chromium finds the app installable (decision 035). Lighthouse 12 dropped its PWA category and its
 * installable-manifest audit, so this asks Chromium itself, over the DevTools protocol of the browser the bench
 * launched: the manifest parses without errors, the page is controlled by the service worker, Chromium reports no
 * installability error, and offline a page shows the zh-HK offline screen.
 */
import puppeteer from 'puppeteer-core';

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
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    // main.tsx registers the worker a few seconds after load, when the browser is idle.
    const workerControls = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    const cdp = await page.createCDPSession();
    const manifest = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Offline for the page and for the worker (whose fetches a page's offline mode does not cover).
    const worker = await browser.waitForTarget((t) => t.type() === 'service_worker', { timeout: 5_000 });
    const workerCdp = await worker.createCDPSession();
    await workerCdp.send('Network.enable');
    const offline = (on: boolean) =>
      workerCdp.send('Network.emulateNetworkConditions', {
        offline: on,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await offline(true);
    await page.setOfflineMode(true);
    await page.reload({ waitUntil: 'load' }).catch(() => null);
    const offlineScreen = await page.$eval('h1', (h) => h.textContent?.trim() === '你已離線').catch(() => false);
    await page.setOfflineMode(false);
    await offline(false);
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
    await browser.disconnect();
  }
}

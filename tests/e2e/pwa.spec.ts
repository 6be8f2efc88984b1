import { expect, test, type Page } from '@playwright/test';

/**
 * The installable app (decision 035): the manifest Chromium reads, the service worker that takes the page, the
 * zh-HK offline screen, and the API never answered from the worker's caches.
 */

// The other journeys block the worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

/** PNG width and height, from the IHDR chunk. */
const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

/** Waits until a service worker controls the page (registered by main.tsx after load, idle). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('pwa: the manifest is linked and valid, Chromium finds the app installable', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: '寶庫 Trove',
    short_name: '寶庫',
    start_url: '/',
    display: 'standalone',
    lang: 'zh-HK',
    theme_color: '#1d1b3a',
  });
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512])
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
      expect(icon, `${purpose} icon ${size}`).toBeDefined();
      const png = await page.request.get(icon!.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toEqual({ width: size, height: size });
    }

  // Chromium's own installability check (what its install prompt and Lighthouse's former PWA audit use).
  await waitForWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; url: string };
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito, where Chromium never offers to install: every other criterion holds.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('pwa: the worker registers after load and controls the page; offline, a page shows the zh-HK offline screen', async ({
  page,
  context,
}) => {
  await page.goto('/mall');
  await expect(page.locator('.app-main')).toBeVisible();
  await waitForWorker(page);
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: '你已離線' })).toBeVisible();
  const retry = page.getByRole('button', { name: '重試' });
  await expect(retry).toBeVisible();
  await retry.focus();
  await expect(retry).toBeFocused();
  // Another page too: the worker answers every page it cannot fetch with the offline screen.
  await page.goto('/market/detail?id=demo');
  await expect(page.getByRole('heading', { name: '你已離線' })).toBeVisible();

  // Back online, 重試 opens the page asked for.
  await context.setOffline(false);
  await page.getByRole('button', { name: '重試' }).press('Enter');
  await expect(page).toHaveURL(/\/market\/detail\?id=demo$/);
  await expect(page.getByRole('heading', { name: '你已離線' })).toHaveCount(0);
  await expect(page.locator('.app-main')).toBeVisible();
});

test('pwa: /api/ answers never come from, nor go into, the worker caches; card pictures do', async ({
  page,
  context,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && req.method() === 'GET') apiCalls.push(url.pathname + url.search);
  });
  // A detail screen: its calls go to the network (the lists' first answers come inside their page).
  await page.goto('/mall/detail?id=ci_night_ferry');
  await waitForWorker(page);
  // Under the worker now: the screen's calls and pictures go through it.
  apiCalls.length = 0;
  await page.reload();
  await expect.poll(() => apiCalls.length).toBeGreaterThan(0);
  await expect(page.locator('.app-main img').first()).toBeVisible();

  const cached = await page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
  const all = Object.values(cached).flat();
  expect(all.some((p) => p.startsWith('/api/'))).toBe(false);
  expect(all).toContain('/offline.html');
  // The card's pictures are kept (CacheFirst, with an expiry).
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('trove-images')).keys()).length))
    .toBeGreaterThan(0);

  // Offline, a call the page made a moment ago fails: nothing answers it from a cache.
  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    try {
      const res = await fetch(url);
      return `answered ${res.status}`;
    } catch {
      return 'failed';
    }
  }, apiCalls[0]!);
  expect(offline).toBe('failed');
  await context.setOffline(false);
});

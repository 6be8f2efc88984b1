/**
 * `npx tsx bench/first-loads.ts`: the JavaScript each shareable route fetches before the load event, measured in
 * Chromium as a phone (Moto G-sized viewport, mobile user agent, cold cache), counted as the gzip size of each
 * script file of the build (as `npm run check:bundle` counts; the server may send brotli), on the server with the
 * demo content (bench/web-server.ts). Not a CI gate.
 *
 *   npx tsx bench/first-loads.ts -- [--port 4403] [--web-dist dist/web]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { kb } from '../tools/bundle-budget';
import { SHAREABLE_ROUTES } from '../tools/first-loads';
import { startWebServer, stopServer, withDemoItems } from './web-server';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4403' },
    'web-dist': { type: 'string', default: 'dist/web' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});
const ORIGIN = `http://127.0.0.1:${args.port}`;
const dist = path.resolve(args['web-dist']);
const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trove-first-loads-'));
  const server = await startWebServer({ port: Number(args.port), dataDir, webDist: dist });
  const chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    console.log('route              JS gzip KB before load (files)');
    for (const url of await withDemoItems(ORIGIN, SHAREABLE_ROUTES)) {
      const route = url.split('?')[0]!;
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      });
      const page = await context.newPage();
      await page.goto(`${ORIGIN}${url}`, { waitUntil: 'load' });
      const files = await page.evaluate(() => {
        const loadAt = performance.getEntriesByType('navigation')[0]!.toJSON().loadEventStart as number;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/assets/') && /\.js$/.test(new URL(e.name).pathname) && e.startTime < loadAt)
          .map((e) => new URL(e.name).pathname.slice(1));
      });
      const total = [...new Set(files)].reduce((n, f) => n + gzip(f), 0);
      console.log(`${route.padEnd(18)} ${kb(total).padStart(6)} (${files.length})`);
      await context.close();
    }
    await browser.close();
  } finally {
    await chrome.kill();
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

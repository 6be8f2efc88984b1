/**
 * `npx tsx bench/long-frames.ts`: where each shareable route's main-thread blocking time goes, for Lighthouse's TBT
 * (decision 035). Chromium as a phone under the same 4× CPU slowdown Lighthouse applies, on the server with the demo
 * content (bench/web-server.ts); the page's long animation frames (the `long-animation-frame` entries) for 5 s after
 * the load event, each with its blocking time and the scripts that ran in it: the file, what each file holds (the
 * build's `.vite/chunk-modules.json`) and how it was called (a module's evaluation, `import.then`, React's scheduler
 * on `MessagePort.onmessage`). A module script's time is its whole graph's evaluation (what it imports that was not
 * evaluated yet). Not a CI gate: the times move with the machine's load.
 *
 *   npx tsx bench/long-frames.ts -- [--routes /,/mall] [--port 4404] [--web-dist dist/web] [--min-ms 10]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SHAREABLE_ROUTES } from '../tools/first-loads';
import { startWebServer, stopServer, withDemoItems } from './web-server';

const { values: args } = parseArgs({
  options: {
    routes: { type: 'string', default: SHAREABLE_ROUTES.join(',') },
    port: { type: 'string', default: '4404' },
    'web-dist': { type: 'string', default: 'dist/web' },
    'min-ms': { type: 'string', default: '10' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
  },
});
const ORIGIN = `http://127.0.0.1:${args.port}`;
const dist = path.resolve(args['web-dist']);
const MIN_MS = Number(args['min-ms']);
const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8')) as Record<
  string,
  string[]
>;

/** A file by what it holds: its first two modules, and how many more. */
const held = (url: string) => {
  const file = `assets/${url.replace(/.*\//, '')}`;
  const mods = chunks[file];
  if (!mods) return url.replace(ORIGIN, '') || '(page)';
  const names = mods.slice(0, 2).map((m) => m.replace(/.*\//, ''));
  return `${names.join(', ')}${mods.length > 2 ? ` +${mods.length - 2}` : ''}`;
};

interface Frame {
  at: number;
  ms: number;
  blocking: number;
  scripts: { url: string; invoker: string; ms: number; layoutMs: number }[];
}

async function framesOf(route: string): Promise<Frame[]> {
  const browser = await chromium.launch({ executablePath: args.chromium, args: ['--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    await context.addInitScript(() => {
      const kept: unknown[] = [];
      (window as unknown as { longFrames: unknown[] }).longFrames = kept;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEntry[] & { blockingDuration: number; scripts: never[] }[])
          kept.push({
            at: Math.round(e.startTime),
            ms: Math.round(e.duration),
            blocking: Math.round(e.blockingDuration),
            scripts: e.scripts.map(
              (s: { sourceURL: string; invoker: string; duration: number; forcedStyleAndLayoutDuration: number }) => ({
                url: s.sourceURL,
                invoker: s.invoker,
                ms: Math.round(s.duration),
                layoutMs: Math.round(s.forcedStyleAndLayoutDuration),
              }),
            ),
          });
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(ORIGIN + route, { waitUntil: 'load' });
    await page.waitForTimeout(5_000);
    return (await page.evaluate(() => (window as unknown as { longFrames: Frame[] }).longFrames)) as Frame[];
  } finally {
    await browser.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trove-long-frames-'));
  const server = await startWebServer({ port: Number(args.port), dataDir, webDist: dist });
  try {
    const routes = await withDemoItems(ORIGIN, args.routes.split(',').filter(Boolean));
    for (const route of routes) {
      const frames = await framesOf(route);
      const total = frames.reduce((n, f) => n + f.blocking, 0);
      console.log(`\n${route}: blocking ${total} ms in ${frames.length} long frames (4× CPU slowdown)`);
      for (const f of frames) {
        console.log(
          `  at ${String(f.at).padStart(5)} ms  frame ${String(f.ms).padStart(4)} ms  blocking ${f.blocking}`,
        );
        for (const s of f.scripts.filter((s) => s.ms >= MIN_MS))
          console.log(
            `      ${String(s.ms).padStart(4)} ms ${s.invoker.startsWith('http') ? 'evaluate' : s.invoker.slice(0, 32)}: ${held(s.url)}${s.layoutMs ? ` (forced layout ${s.layoutMs} ms)` : ''}`,
          );
      }
    }
  } finally {
    stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();

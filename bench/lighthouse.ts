/**
 * `npm run bench:lighthouse`: builds the web app, starts the server on a fresh embedded database with the demo
 * content, and runs Lighthouse (mobile, default simulated throttling) in Debian's Chromium several times per
 * route; prints the median score, FCP, LCP, TBT and CLS of each route, over every route a shared link opens
 * (tools/first-loads.ts), and whether Chromium finds the app installable (bench/installability.ts: Lighthouse 12
 * has no PWA audits). Not a CI gate: scores move with the machine's load.
 *
 * The reports' `benchmarkIndex` (Lighthouse's measure of the host's CPU, higher is faster) is printed beside the
 * scores: Lighthouse's 4× CPU slowdown is relative to the host, meant to take a high-end desktop (1 500–2 000) to a
 * mid-tier phone (its throttling guide), so scores from two hosts compare only with their indexes beside them.
 *
 * Two baselines run beside the routes, in the same browser and in the same rounds (bench/lighthouse-floor): the same
 * list of cards as plain HTML, and drawn by React 19 and React Router 7 alone, served by a bare Fastify in a process of
 * its own. The routes' figures are printed beside the React floor's, as ratios: what the floor scores on a host is the
 * most the stack can score there.
 *
 *   npm run bench:lighthouse -- [--runs 5] [--port 4402] [--floor-port 4403] [--routes /,/mall] [--no-build]
 *     [--no-floor] [--json out.json]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SHAREABLE_ROUTES } from '../tools/first-loads';
import { checkInstallability, type Installability } from './installability';
import { FLOOR_PAGES, startFloor } from './lighthouse-floor/floor';
import { startWebServer, stopServer, withDemoItems } from './web-server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4402' },
    'floor-port': { type: 'string', default: '4403' },
    'no-floor': { type: 'boolean', default: false },
    // Every route a shared link opens; a detail route without a query opens a demo item (withDemoItems).
    routes: { type: 'string', default: SHAREABLE_ROUTES.join(',') },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    /** Serve another build (e.g. a copy of main's dist/web, for a before/after in one session); implies --no-build. */
    'web-dist': { type: 'string' },
    /** Keep each run's full Lighthouse report (JSON) in this folder. */
    'lhr-dir': { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const ASKED = args.routes
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the host's CPU during the run (higher is faster). */
  benchmarkIndex: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function build(): void {
  console.log('building the web app (npm run build:web)…');
  const res = spawnSync('npm', ['run', 'build:web', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('npm run build:web failed');
}

async function audit(port: number, url: string, save?: string): Promise<Run> {
  // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, never counted.
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(port, url, save);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  ${url}: ${(err as Error).message.split('\n')[0]}; again`);
    }
  }
}

async function auditOnce(port: number, url: string, save?: string): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (save) writeFileSync(save, JSON.stringify(lhr));
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** A floor page's label in the tables. */
const floorLabel = (page: string) => (page === '/' ? 'floor: React 19 + Router 7' : 'floor: static HTML');
const REACT_FLOOR = floorLabel('/');

async function main(): Promise<void> {
  if (!args['no-build'] && !args['web-dist']) build();
  if (args['lhr-dir']) mkdirSync(args['lhr-dir'], { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trove-lighthouse-'));
  const floorDir = mkdtempSync(path.join(os.tmpdir(), 'trove-lighthouse-floor-'));
  const server = await startWebServer({ port: PORT, dataDir, webDist: args['web-dist'] });
  const floorOrigin = `http://127.0.0.1:${args['floor-port']}`;
  const floor = args['no-floor'] ? null : await startFloor(floorDir, Number(args['floor-port']));
  let targets: { label: string; url: string }[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const table: Record<string, Run[]> = {};
  let install: Installability | null = null;
  try {
    const routes = await withDemoItems(ORIGIN, ASKED);
    targets = [
      ...(floor ? FLOOR_PAGES.map((p) => ({ label: floorLabel(p), url: `${floorOrigin}${p}` })) : []),
      ...routes.map((r) => ({ label: r, url: `${ORIGIN}${r}` })),
    ];
    // One warm-up load, so the first measured run does not pay for the server's first queries.
    await audit(chrome.port, `${ORIGIN}/`);
    for (let i = 0; i < RUNS; i++) {
      for (const { label, url } of targets) {
        const save = args['lhr-dir']
          ? path.join(
              args['lhr-dir'],
              `${label === '/' ? 'root' : label.replace(/^\//, '').replace(/\W+/g, '_')}-${i + 1}.json`,
            )
          : undefined;
        const run = await audit(chrome.port, url, save);
        (table[label] ??= []).push(run);
        console.log(
          `run ${i + 1}/${RUNS} ${label}: score ${run.score}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      }
    }
    install = await checkInstallability(chrome.port, `${ORIGIN}/`);
  } finally {
    await chrome.kill();
    stopServer(server);
    if (floor) stopServer(floor);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
  printSummary(
    targets.map((t) => t.label),
    table,
    install,
  );
}

function printSummary(labels: string[], table: Record<string, Run[]>, install: Installability | null): void {
  const indexes = Object.values(table).flatMap((runs) => runs.map((r) => r.benchmarkIndex));
  console.log(
    `\nLighthouse ${RUNS}× per route, mobile (simulated throttling), Chromium ${args.chromium}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}; benchmarkIndex median ${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))})`,
  );
  const medians = (runs: Run[]) => ({
    score: median(runs.map((r) => r.score)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    spread: `${Math.min(...runs.map((r) => r.score))}–${Math.max(...runs.map((r) => r.score))}`,
  });
  const floor = table[REACT_FLOOR] ? medians(table[REACT_FLOOR]) : null;
  const ratio = (x: number, base: number | undefined) => (base ? `×${(x / base).toFixed(2)}` : '');
  console.log(
    `${'route'.padEnd(38)} score (runs)    FCP ms    LCP ms    TBT ms    CLS     (medians)${floor ? '   against the React floor: score, LCP, TBT' : ''}`,
  );
  const summary: Record<string, Record<string, number | string>> = {};
  for (const label of labels) {
    const m = medians(table[label]!);
    summary[label] = m;
    const against =
      floor && label !== REACT_FLOOR
        ? `   ${ratio(m.score, floor.score)} ${ratio(m.lcp, floor.lcp)} ${ratio(m.tbt, floor.tbt)}`
        : '';
    console.log(
      `${label.padEnd(38)} ${String(m.score).padStart(5)} ${`(${m.spread})`.padEnd(9)} ${String(Math.round(m.fcp)).padStart(6)} ${String(Math.round(m.lcp)).padStart(9)} ${String(Math.round(m.tbt)).padStart(9)}    ${m.cls.toFixed(3)}${against}`,
    );
  }
  if (install)
    console.log(
      `\ninstallable (Chromium): ${install.installable ? 'yes' : 'NO'}; manifest ${install.manifestUrl} errors ${install.manifestErrors.length}; worker controls the page: ${install.workerControls}; installability errors: ${install.errors.join(', ') || 'none'}; offline screen: ${install.offlineScreen ? '你已離線 shown' : 'NOT shown'}`,
    );
  if (args.json)
    writeFileSync(
      args.json,
      `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, summary, table, installability: install }, null, 2)}\n`,
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

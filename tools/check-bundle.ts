/**
 * `npm run check:bundle`: the bundle budget over the last build (`npm run build:web`). Prints the gzip figures
 * (entry + first route, each route's own chunks), writes them to `${CHECK_REPORT_DIR:-ci-results/checks}/bundle.json`
 * and exits 1 when a budget is passed or a back-office chunk is reachable from the mobile app.
 *
 * Also the first load of every route a shared link opens (tools/first-loads.ts): JS before the load event ≤ 100 KB.
 *
 *   npm run check:bundle -- [--dist dist/web] [--first-screen-kb 100] [--route-kb 50] [--first-load-kb 100]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { readLoaders, screenTables } from './route-preloads-plugin';
import { firstLoadFailures, formatFirstLoads, measureFirstLoads, type RoutePreloads } from './first-loads';
import { formatReport, KB, kb, measureBundle, type Budgets, type ChunkModules, type Manifest } from './bundle-budget';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist/web' },
    screens: { type: 'string', default: screenTables().join(',') },
    'first-screen-kb': { type: 'string', default: '100' },
    'route-kb': { type: 'string', default: '50' },
    'first-load-kb': { type: 'string', default: '100' },
  },
});

const dist = path.resolve(args.dist);
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`[check] bundle: no ${path.relative(process.cwd(), manifestFile)}; run \`npm run build:web\` first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const modulesFile = path.join(dist, '.vite/chunk-modules.json');
const chunkModules = existsSync(modulesFile) ? (JSON.parse(readFileSync(modulesFile, 'utf8')) as ChunkModules) : {};
const budgets: Budgets = { firstScreen: Number(args['first-screen-kb']) * KB, route: Number(args['route-kb']) * KB };

// gzip -9, as a server precompressing the files would send them.
const sizes = new Map<string, number>();
const gzipSize = (file: string) => {
  let n = sizes.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    sizes.set(file, n);
  }
  return n;
};

const report = measureBundle({
  manifest,
  chunkModules,
  routes: readLoaders(args.screens.split(',')),
  gzipSize,
  budgets,
});
for (const line of formatReport(report, budgets)) console.log(line);
const preloads = JSON.parse(readFileSync(path.join(dist, '.vite/route-preloads.json'), 'utf8')) as RoutePreloads;
const firstLoadBudget = Number(args['first-load-kb']) * KB;
const firstLoads = measureFirstLoads({ manifest, preloads, gzipSize });
// A file by what it holds: its screen, or its first module of ours (`sale-detail.tsx +8` when it holds 8 more).
const holds = (file: string) => {
  const mods = (chunkModules[file] ?? []).filter((m) => !m.endsWith('.css'));
  const ours = mods.find((m) => m.endsWith('-screen.tsx')) ?? mods.find((m) => !m.includes('node_modules')) ?? mods[0];
  return ours ? `${path.basename(ours)}${mods.length > 1 ? ` +${mods.length - 1}` : ''}` : file;
};
for (const line of formatFirstLoads(firstLoads, firstLoadBudget, holds)) console.log(line);
const failures = [...report.failures, ...firstLoadFailures(firstLoads, firstLoadBudget)];
for (const f of failures.slice(report.failures.length)) console.log(`OVER BUDGET / WRONG: ${f}`);

const biggest = [...report.routes].sort((a, b) => b.gzip - a.gzip)[0];
const figures = {
  'entry + first route KB': kb(report.firstScreen.gzip),
  'entry KB': kb(report.entry.gzip),
  'biggest route KB': biggest ? `${kb(biggest.gzip)} (${biggest.path})` : '0',
  'routes over budget': report.routes.filter((r) => r.gzip > budgets.route).length,
  'back-office chunks reachable': report.foreign.length,
  'first loads KB': firstLoads.map((l) => `${l.path} ${kb(l.gzip)}`).join(', '),
};
console.log(
  `[check] bundle (gzip): ${Object.entries(figures)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ')}`,
);
const dir = process.env.CHECK_REPORT_DIR || 'ci-results/checks';
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, 'bundle.json'),
  `${JSON.stringify(
    {
      check: 'bundle',
      db: 'none',
      ...figures,
      at: new Date().toISOString(),
      details: {
        budgets: { firstScreenKB: kb(budgets.firstScreen), routeKB: kb(budgets.route) },
        firstScreen: report.firstScreen,
        routes: report.routes,
        lazyOnly: report.lazyOnly,
        foreign: report.foreign,
        firstLoads: firstLoads.map(({ path: route, gzip, beyondEntry }) => ({ route, gzip, beyondEntry })),
        failures,
      },
    },
    null,
    2,
  )}\n`,
);
if (failures.length > 0) process.exit(1);

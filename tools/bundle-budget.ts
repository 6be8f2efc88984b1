/**
 * The bundle budget (issue 10), as pure functions over Vite's manifest (`build.manifest: true`) and the
 * module list of each chunk (written by `chunkModulesPlugin` in vite.config.ts). The command that reads
 * the build and prints the figures is `tools/check-bundle.ts`.
 */

/** One item of `.vite/manifest.json`, keyed by source path (relative to Vite's root) or `_<chunk>` for shared chunks. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Output file (e.g. `assets/index-abc.js`) → the source modules it holds, relative to Vite's root. */
export type ChunkModules = Record<string, string[]>;

/**
 * Budgets in gzip bytes of JavaScript (the issue's measure; CSS is printed beside it, not budgeted).
 * A route's own chunks are those its screen loads statically that neither the entry nor any other screen
 * loads; chunks shared by several screens (the form library, zod) are printed in each route's total.
 */
export interface Budgets {
  /** The entry plus the first route's static imports: what `/` needs before it shows. */
  firstScreen: number;
  /** What any other route downloads beyond the entry's static imports. */
  route: number;
}

/** gzip KB as the issue counts them: 1 KB = 1024 bytes. */
export const KB = 1024;
export const DEFAULT_BUDGETS: Budgets = { firstScreen: 100 * KB, route: 50 * KB };

/** Manifest keys reachable from `key` (itself included) through the imports `follow` names. */
function closure(manifest: Manifest, key: string, follow: (chunk: ManifestChunk) => string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`manifest has no item "${k}"`);
    seen.add(k);
    for (const dep of follow(chunk)) visit(dep);
  };
  visit(key);
  return seen;
}

/** Manifest keys statically reachable from `key` (itself included): what the browser loads together with it. */
export const staticClosure = (manifest: Manifest, key: string) => closure(manifest, key, (c) => c.imports ?? []);

/** Manifest keys reachable from `key` through static and dynamic imports (everything the app may ever load). */
export const fullClosure = (manifest: Manifest, key: string) =>
  closure(manifest, key, (c) => [...(c.imports ?? []), ...(c.dynamicImports ?? [])]);

/** The output files (JS and CSS) of a set of manifest keys. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): string[] {
  const files = new Set<string>();
  for (const k of keys) {
    const chunk = manifest[k]!;
    if (/\.(m?js|css)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files].sort();
}

/** A route of the app and the source module its screen is loaded from (relative to Vite's root). */
export interface RouteScreen {
  path: string;
  module: string;
}

/**
 * The routes of `src/web/app/screen-loaders.ts` (`'/mall': () => import('../features/mall/mall-screen'),`),
 * with each import resolved against `app/` to a path relative to Vite's root, without its extension.
 */
export function parseScreens(source: string, screensDir = 'app'): RouteScreen[] {
  const routes: RouteScreen[] = [];
  const re = /'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  for (const m of source.matchAll(re)) routes.push({ path: m[1]!, module: joinPath(screensDir, m[2]!) });
  return routes;
}

function joinPath(dir: string, rel: string): string {
  const parts = dir.split('/').filter(Boolean);
  for (const p of rel.split('/')) {
    if (p === '.' || p === '') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

/** The manifest key of a source module given without its extension (`features/mall/mall-screen` → `…mall-screen.tsx`). */
export function manifestKeyOf(manifest: Manifest, module: string): string {
  const hits = Object.keys(manifest).filter((k) => k === module || k.replace(/\.[cm]?[jt]sx?$/, '') === module);
  if (hits.length !== 1) throw new Error(`expected one manifest item for "${module}", found ${hits.length}`);
  return hits[0]!;
}

export interface Figure {
  files: string[];
  /** Gzip bytes of the JavaScript files (budgeted). */
  gzip: number;
  /** Gzip bytes of the CSS files (printed). */
  cssGzip: number;
}

export interface RouteFigure extends Figure {
  path: string;
}

export interface RouteReport extends RouteFigure {
  /** Everything the route loads beyond the entry, shared chunks included (printed, not budgeted). */
  total: Figure;
}

export interface BundleReport {
  entry: Figure;
  /** Entry + the first route (`/`): what is fetched before the first screen shows. */
  firstScreen: RouteFigure;
  routes: RouteReport[];
  /** Files only fetched on demand inside a screen (scanner, charts…): reported, not budgeted. */
  lazyOnly: Figure;
  /** Chunks reachable from the mobile entry that belong to another entry (e.g. the back office). */
  foreign: { entry: string; file: string; modules: string[] }[];
  failures: string[];
}

export interface BundleInput {
  manifest: Manifest;
  /** Output file → its source modules; needed for the foreign-entry check. */
  chunkModules: ChunkModules;
  routes: RouteScreen[];
  /** Gzip size of an output file. */
  gzipSize: (file: string) => number;
  /** The mobile app's HTML entry (manifest key). */
  mobileEntry?: string;
  /**
   * Source folders (relative to Vite's root) that belong to each other entry; by default `<name>/` for
   * `<name>.html` (the back office `admin.html` owns `admin/`).
   */
  foreignRoots?: Record<string, string[]>;
  firstRoute?: string;
  budgets?: Budgets;
}

const isCss = (f: string) => f.endsWith('.css');
const figure = (files: string[], size: (f: string) => number): Figure => ({
  files,
  gzip: files.filter((f) => !isCss(f)).reduce((n, f) => n + size(f), 0),
  cssGzip: files.filter(isCss).reduce((n, f) => n + size(f), 0),
});

export function measureBundle(input: BundleInput): BundleReport {
  const { manifest, chunkModules, routes, gzipSize } = input;
  const mobileEntry = input.mobileEntry ?? 'index.html';
  const firstRoute = input.firstRoute ?? '/';
  const budgets = input.budgets ?? DEFAULT_BUDGETS;
  const failures: string[] = [];
  if (!manifest[mobileEntry]?.isEntry) throw new Error(`"${mobileEntry}" is not an entry of the manifest`);
  if (routes.length === 0) throw new Error('no routes found');

  const entryKeys = staticClosure(manifest, mobileEntry);
  const entryFiles = filesOf(manifest, entryKeys);
  const entry = figure(entryFiles, gzipSize);
  const reachable = fullClosure(manifest, mobileEntry);

  // Each screen module's static imports beyond the entry; routes sharing one screen (pay, goodsPay) count once.
  const beyondEntry = new Map<string, string[]>();
  for (const route of routes) {
    const key = manifestKeyOf(manifest, route.module);
    if (!reachable.has(key)) failures.push(`route ${route.path}: ${key} is not reachable from ${mobileEntry}`);
    if (!beyondEntry.has(key))
      beyondEntry.set(
        key,
        [...staticClosure(manifest, key)].filter((k) => !entryKeys.has(k)),
      );
  }
  const screensUsing = new Map<string, number>();
  for (const keys of beyondEntry.values()) for (const k of keys) screensUsing.set(k, (screensUsing.get(k) ?? 0) + 1);
  // A file already fetched with the entry (e.g. CSS shared with it) costs nothing more on navigation.
  const newFiles = (keys: string[]) => filesOf(manifest, keys).filter((f) => !entryFiles.includes(f));

  const routeKeys = new Set<string>();
  const routeFigures: RouteReport[] = [];
  let firstScreen: RouteFigure | null = null;
  for (const route of routes) {
    const keys = beyondEntry.get(manifestKeyOf(manifest, route.module))!;
    keys.forEach((k) => routeKeys.add(k));
    if (route.path === firstRoute) {
      firstScreen = { path: route.path, ...figure([...entryFiles, ...newFiles(keys)], gzipSize) };
      continue;
    }
    const own = {
      path: route.path,
      ...figure(newFiles(keys.filter((k) => screensUsing.get(k) === 1)), gzipSize),
      total: figure(newFiles(keys), gzipSize),
    };
    routeFigures.push(own);
    if (own.gzip > budgets.route)
      failures.push(`route ${route.path}: own chunks ${kb(own.gzip)} KB gzip of JavaScript > ${kb(budgets.route)} KB`);
  }
  if (!firstScreen) throw new Error(`no route "${firstRoute}"`);
  if (firstScreen.gzip > budgets.firstScreen)
    failures.push(
      `entry + ${firstRoute}: ${kb(firstScreen.gzip)} KB gzip of JavaScript > ${kb(budgets.firstScreen)} KB`,
    );

  const budgeted = new Set([...entryKeys, ...routeKeys]);
  const lazyFiles = filesOf(
    manifest,
    [...reachable].filter((k) => !budgeted.has(k)),
  ).filter((f) => !entryFiles.includes(f));
  const lazyOnly = figure(lazyFiles, gzipSize);

  const foreign = foreignChunks(manifest, chunkModules, mobileEntry, reachable, input.foreignRoots);
  for (const f of foreign)
    failures.push(
      `${f.file} is reachable from ${mobileEntry} but belongs to ${f.entry}${f.modules.length ? ` (${f.modules.slice(0, 3).join(', ')})` : ''}`,
    );

  return { entry, firstScreen, routes: routeFigures.sort((a, b) => b.gzip - a.gzip), lazyOnly, foreign, failures };
}

/**
 * Chunks the mobile app can load (statically or on demand) that belong to another entry: that entry's own
 * chunk or CSS, or any chunk holding a module from that entry's source folders.
 */
function foreignChunks(
  manifest: Manifest,
  chunkModules: ChunkModules,
  mobileEntry: string,
  reachable: Set<string>,
  roots?: Record<string, string[]>,
) {
  const found: BundleReport['foreign'] = [];
  const mobileFiles = filesOf(manifest, reachable);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry || key === mobileEntry) continue;
    const folders = roots?.[key] ?? (key.endsWith('.html') ? [`${key.replace(/\.html$/, '')}/`] : []);
    const ownFiles = new Set([chunk.file, ...(chunk.css ?? [])]);
    for (const file of mobileFiles) {
      const modules = (chunkModules[file] ?? []).filter((m) => folders.some((f) => m.startsWith(f)) || m === key);
      if (ownFiles.has(file) || modules.length > 0) found.push({ entry: key, file, modules });
    }
  }
  return found;
}

export const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** The lines the check prints. */
export function formatReport(report: BundleReport, budgets: Budgets = DEFAULT_BUDGETS): string[] {
  const lines = [
    `gzip KB of JavaScript (budgeted) + CSS (not budgeted)`,
    `entry: ${kb(report.entry.gzip)} KB JS + ${kb(report.entry.cssGzip)} KB CSS (${report.entry.files.length} files)`,
    `entry + first route (${report.firstScreen.path}): ${kb(report.firstScreen.gzip)} KB JS (budget ${kb(budgets.firstScreen)} KB) + ${kb(report.firstScreen.cssGzip)} KB CSS`,
    `routes' own chunks (budget ${kb(budgets.route)} KB JS each), and all they load beyond the entry including shared chunks:`,
    ...report.routes.map(
      (r) =>
        `  ${r.path.padEnd(22)} own ${kb(r.gzip).padStart(5)} KB JS + ${kb(r.cssGzip).padStart(4)} KB CSS; with shared ${kb(r.total.gzip).padStart(6)} KB JS`,
    ),
    `loaded on demand inside screens (not budgeted): ${kb(report.lazyOnly.gzip)} KB JS in ${report.lazyOnly.files.length} files`,
    `back-office chunks reachable from the mobile app: ${report.foreign.length}`,
  ];
  for (const f of report.failures) lines.push(`OVER BUDGET / WRONG: ${f}`);
  return lines;
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuildPlugin } from './after-build-plugin';
import { filesOf, manifestKeyOf, parseScreens, staticClosure, type Manifest, type RouteScreen } from './bundle-budget';

/**
 * Writes `.vite/route-preloads.json` after the build: for each route, the chunks and styles its screen needs
 * beyond the entry (and, for every route but "/", the modules its screen waits for: `ready`). The server puts them in that route's index.html as preload hints (src/server/plugins/web.ts),
 * so they download beside the entry instead of after it has run.
 */
/** Each route's top-bar title, from `'/mall': { title: '商城' }` in screens.ts. */
export function parseTitles(source: string): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const m of source.matchAll(/'(\/[^']*)':\s*\{[^}]*?\btitle:\s*'([^']+)'/g)) titles[m[1]!] = m[2]!;
  return titles;
}

export interface ShellTab {
  to: string;
  label: string;
  icon: string;
}

/** The routes whose first view shows no antd-mobile text, from `'/login': { title: '登入', localeLater: true }`. */
export function parseLocaleLater(source: string): Set<string> {
  return new Set([...source.matchAll(/'(\/[^']*)':\s*\{[^}]*?\blocaleLater:\s*true/g)].map((m) => m[1]!));
}

/** What a screen waits for before it shows (app/screen-host.tsx), as modules relative to Vite's root. */
export interface ReadyModules {
  /** The zh-HK locale: waited for by every screen but "/" and those marked `localeLater` in screens.ts. */
  locale: string;
  /** Every route's loaders (screen-loaders); a screen a shared link opens waits for its own (first-screen-loaders). */
  loaders: string;
}

/** The loaders of the screens a shared link opens: a route → its own loader's module (`first-screens/<route>`). */
export const FIRST_LOADERS_FILE = 'src/web/app/first-screen-loaders.ts';

/** Those loaders' files (first-screens/*.ts, path → screen), as FIRST_LOADERS_FILE names them: one list of them. */
export const firstScreenTables = (): string[] => readLoaders([FIRST_LOADERS_FILE]).map((r) => `src/web/${r.module}.ts`);

/** The source files the route table is read from: screen-loaders.ts and first-screens/*.ts. */
export const screenTables = (): string[] => ['src/web/app/screen-loaders.ts', ...firstScreenTables()];

/** Each route's screen module, from the files `screenTables` names (imports relative to the file's folder). */
export const readLoaders = (files: string[]): RouteScreen[] =>
  files.flatMap((f) => parseScreens(readFileSync(f, 'utf8'), path.dirname(f).replace(/^(.*\/)?src\/web\/?/, '')));

/**
 * `ready`: what each screen but "/" waits for (preloaded with it). `tabs`: the tab bar's items; with each route's
 * title they let the server draw the top bar and tab bar before the script runs (`shell` in the file).
 */
export function routePreloadsPlugin(
  files: { screens: string; tables: string[]; firstLoaders: string },
  ready: ReadyModules,
  tabs: readonly ShellTab[] = [],
): Plugin {
  return afterBuildPlugin('trove-route-preloads', (outDir) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const loaders = readLoaders(files.tables);
    const screens = readFileSync(files.screens, 'utf8');
    const preloads = {
      ...routePreloads(
        manifest,
        loaders,
        'index.html',
        readyOf(ready, readLoaders([files.firstLoaders]), parseLocaleLater(screens)),
      ),
      shell: { titles: parseTitles(screens), tabs },
    };
    writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
  });
}

/**
 * Per route, the modules its screen waits for: the locale (unless `localeLater`) and its loader's chunk (`firstLoaders`:
 * a shared link's screen → its own loader's module; every other route's is `ready.loaders`).
 */
export function readyOf(ready: ReadyModules, firstLoaders: RouteScreen[], localeLater: Set<string>) {
  const first = new Map(firstLoaders.map((r) => [r.path, r.module]));
  return (route: string) => [...(localeLater.has(route) ? [] : [ready.locale]), first.get(route) ?? ready.loaders];
}

/** Per route, what its screen loads statically beyond the entry (JS and CSS): the server's preload hints. */
export function routePreloads(
  manifest: Manifest,
  routes: RouteScreen[],
  mobileEntry = 'index.html',
  /** Modules each screen but the first waits for before it shows (the locale, the loaders): preloaded with it. */
  ready: string[] | ((route: string) => string[]) = [],
  firstRoute = '/',
): { all: string[]; routes: Record<string, string[]> } {
  const entryKeys = staticClosure(manifest, mobileEntry);
  const entryFiles = new Set(filesOf(manifest, entryKeys));
  const readyKeys = (route: string) =>
    (typeof ready === 'function' ? ready(route) : ready).flatMap((m) => [
      ...staticClosure(manifest, manifestKeyOf(manifest, m)),
    ]);
  const out: Record<string, string[]> = {};
  for (const route of routes) {
    const screen = [...staticClosure(manifest, manifestKeyOf(manifest, route.module))];
    const keys = [...new Set([...screen, ...(route.path === firstRoute ? [] : readyKeys(route.path))])].filter(
      (k) => !entryKeys.has(k),
    );
    out[route.path] = filesOf(manifest, keys).filter((f) => !entryFiles.has(f));
  }
  // Pictures the entry itself uses (the icon sprite): the server-drawn tab bar's and the worker's precache. No preload
  // hint: `<use>` fetches the sprite as a document, and a preload `as="image"` was parsed as a picture (decision 035).
  const all = [...new Set([...entryKeys].flatMap((k) => manifest[k]!.assets ?? []))].filter((f) =>
    /\.(svg|png|webp|jpe?g)$/.test(f),
  );
  return { all, routes: out };
}

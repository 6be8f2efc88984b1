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

/**
 * `ready`: modules every screen but "/" waits for (preloaded with it). `tabs`: the tab bar's items; with each
 * route's title they let the server draw the top bar and tab bar before the script runs (`shell` in the file).
 */
export function routePreloadsPlugin(
  files: { screens: string; loaders: string },
  ready: string[] = [],
  tabs: readonly ShellTab[] = [],
): Plugin {
  return afterBuildPlugin('trove-route-preloads', (outDir) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const loaders = parseScreens(readFileSync(files.loaders, 'utf8'));
    const preloads = {
      ...routePreloads(manifest, loaders, 'index.html', ready),
      shell: { titles: parseTitles(readFileSync(files.screens, 'utf8')), tabs },
    };
    writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
  });
}

/** Per route, what its screen loads statically beyond the entry (JS and CSS): the server's preload hints. */
export function routePreloads(
  manifest: Manifest,
  routes: RouteScreen[],
  mobileEntry = 'index.html',
  /** Modules every screen but the first waits for before it shows (the toast, the locale): preloaded with it. */
  ready: string[] = [],
  firstRoute = '/',
): { all: string[]; routes: Record<string, string[]> } {
  const entryKeys = staticClosure(manifest, mobileEntry);
  const entryFiles = new Set(filesOf(manifest, entryKeys));
  const readyKeys = ready.flatMap((m) => [...staticClosure(manifest, manifestKeyOf(manifest, m))]);
  const out: Record<string, string[]> = {};
  for (const route of routes) {
    const screen = [...staticClosure(manifest, manifestKeyOf(manifest, route.module))];
    const keys = [...new Set([...screen, ...(route.path === firstRoute ? [] : readyKeys)])].filter(
      (k) => !entryKeys.has(k),
    );
    out[route.path] = filesOf(manifest, keys).filter((f) => !entryFiles.has(f));
  }
  // Pictures the entry itself uses (the icon sprite), wanted on every screen.
  const all = [...new Set([...entryKeys].flatMap((k) => manifest[k]!.assets ?? []))].filter((f) =>
    /\.(svg|png|webp|jpe?g)$/.test(f),
  );
  return { all, routes: out };
}

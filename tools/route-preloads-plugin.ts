import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { parseScreens, routePreloads, type Manifest } from './bundle-budget';

/**
 * Writes `.vite/route-preloads.json` after the build: for each route, the chunks and styles its screen needs
 * beyond the entry (and, for every route but "/", the modules its screen waits for: `ready`). The server puts them in that route's index.html as preload hints (src/server/plugins/web.ts),
 * so they download beside the entry instead of after it has run.
 */
/** Each route's top-bar title, from `'/mall': { load: …, title: '商城' }` in screens.ts. */
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
export function routePreloadsPlugin(screensFile: string, ready: string[] = [], tabs: readonly ShellTab[] = []): Plugin {
  let outDir = '';
  return {
    name: 'trove-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const screens = readFileSync(screensFile, 'utf8');
      const preloads = {
        ...routePreloads(manifest, parseScreens(screens), 'index.html', ready),
        shell: { titles: parseTitles(screens), tabs },
      };
      writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { parseScreens, routePreloads, type Manifest } from './bundle-budget';

/**
 * Writes `.vite/route-preloads.json` after the build: for each route, the chunks and styles its screen needs
 * beyond the entry (and, for every route but "/", the modules its screen waits for: `ready`). The server puts them in that route's index.html as preload hints (src/server/plugins/web.ts),
 * so they download beside the entry instead of after it has run.
 */
export function routePreloadsPlugin(screensFile: string, ready: string[] = []): Plugin {
  let outDir = '';
  return {
    name: 'trove-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const preloads = routePreloads(manifest, parseScreens(readFileSync(screensFile, 'utf8')), 'index.html', ready);
      writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}

import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunk-modules.json` next to Vite's manifest: each output chunk and the source modules it
 * holds (relative to Vite's root). The bundle budget (tools/check-bundle.ts) reads it to prove that
 * nothing of another entry (the back office) can be loaded by the mobile app.
 */
export function chunkModulesPlugin(): Plugin {
  let root = '';
  return {
    name: 'trove-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        modules[item.fileName] = item.moduleIds
          .map((id) => path.relative(root, id.replace(/\?.*$/, '').replace(/^\0/, '')).split(path.sep).join('/'))
          .sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(modules, null, 1)}\n`,
      });
    },
  };
}

import path from 'node:path';
import type { Plugin } from 'vite';

/** A build-only Vite plugin that runs `write` once the bundle is written, with the build's output folder. */
export function afterBuildPlugin(name: string, write: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      write(outDir);
    },
  };
}

import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * For the CSS order check only (`npm run check:css-order`, TROVE_CSS_SOURCES=1): wraps each CSS file in
 * `@supports (--trove-source: "<file>") { … }`, a condition every browser meets, so the built stylesheets still
 * cascade as before but each rule names the file it came from (the bundler merges files into one per chunk).
 */
export function cssSourcesPlugin(): Plugin {
  let root = '';
  return {
    name: 'trove-css-sources',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      if (!file.endsWith('.css')) return null;
      const name = file.includes('/node_modules/')
        ? file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length)
        : path.relative(root, file);
      return { code: `@supports (--trove-source: ${JSON.stringify(name)}) {\n${code}\n}\n`, map: null };
    },
  };
}

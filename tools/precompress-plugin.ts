import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuildPlugin } from './after-build-plugin';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt|xml)$/;

/**
 * Writes a `.br` and a `.gz` beside every compressible file of the build (over 1 KB), at the highest levels,
 * once: the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
export function precompressPlugin(): Plugin {
  return afterBuildPlugin('trove-precompress', (outDir) => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? (name === '.vite' ? [] : walk(full)) : [full];
      });
    for (const file of walk(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      );
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressPlugin } from '../../tools/precompress-plugin';
import { serving } from '../web-server';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The baselines `bench:lighthouse` measures beside the app's routes, in the same run and the same browser: the same
 * list of cards as plain HTML (`/static.html`: the host's and the simulated network's floor) and drawn by React 19 and
 * React Router 7 alone (`/`: the stack's floor), each a few hundred bytes of markup and CSS. Built with Vite into
 * `outDir` and precompressed as the app is; served by a bare Fastify in a process of its own (serve.ts).
 */
export const FLOOR_PAGES = ['/static.html', '/'] as const;

export async function startFloor(outDir: string, port: number): Promise<ChildProcess> {
  await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    plugins: [react(), precompressPlugin()],
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { index: path.join(here, 'index.html'), static: path.join(here, 'static.html') } },
    },
  });
  const child = spawn('npx', ['tsx', path.join(here, 'serve.ts'), outDir, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return serving(child, `http://127.0.0.1:${port}/static.html`, 60_000);
}

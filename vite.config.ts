import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkModulesPlugin } from './tools/chunk-modules-plugin';
import { precompressPlugin } from './tools/precompress-plugin';
import { routePreloadsPlugin } from './tools/route-preloads-plugin';

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), chunkModulesPlugin(), routePreloadsPlugin('src/web/app/screens.ts'), precompressPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
    // Read by the bundle budget (npm run check:bundle) and by the server's per-route preload hints.
    manifest: true,
    // Every browser the app supports preloads modules itself (Safari 17+, Firefox 115+, Chrome): no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/pay': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
});

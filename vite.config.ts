import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './tools/chunk-groups-plugin';
import { chunkModulesPlugin } from './tools/chunk-modules-plugin';
import { cssSourcesPlugin } from './tools/css-sources-plugin';
import { precompressPlugin } from './tools/precompress-plugin';
import { preloadDeps } from './tools/preload-deps-plugin';
import { backOfficeWithoutManifest, pwaOptions } from './tools/pwa-options';
import {
  FIRST_LOADERS_FILE,
  firstScreenTables,
  readLoaders,
  routePreloadsPlugin,
  screenTables,
} from './tools/route-preloads-plugin';
import { TABS } from './src/web/app/tabs';

/** `npm run dev`: /admin and /admin/* open the back office's entry, as the server does in production. */
const adminFallback: Plugin = {
  name: 'trove-admin-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const pathname = (req.url ?? '').split('?')[0]!;
      // Navigations only: the entry's own modules live under /admin/ too (src/web/admin/).
      const navigation = req.headers.accept?.includes('text/html') ?? false;
      if (navigation && (pathname === '/admin' || pathname.startsWith('/admin/'))) req.url = '/admin.html';
      next();
    });
  },
};

// Fewer, larger files on each screen's first load (tools/chunk-groups-plugin.ts).
// What every screen but "/" waits for before it shows (app/screen-host.tsx): the zh-HK locale and the screens'
// loaders. The toast and antd-mobile's React 19 render come after the load event (main.tsx, decision 035).
const LOCALE = 'lib/locale.ts';
const HOME = 'app/home-screen.tsx';
const groups = chunkGroups({
  mobileEntry: 'main.tsx',
  otherEntries: ['admin/main.tsx'],
  // The screens a shared link opens (tools/first-loads.ts' SHAREABLE_ROUTES): "/" and those of first-screens/.
  firstScreens: [HOME, ...readLoaders(firstScreenTables()).map((r) => r.module)],
  ready: ['lib/toast.ts', 'lib/antd-render.ts'],
  locale: LOCALE,
  forms: ['features/auth/components/sign-in-form.tsx'],
  // TROVE_CHUNK_GROUPS=first,ui (or `none`): form only those groups, so the CSS order check can compare builds.
  ...(process.env.TROVE_CHUNK_GROUPS !== undefined
    ? { enabled: process.env.TROVE_CHUNK_GROUPS.split(',').map((g) => g.trim()) }
    : {}),
});
// Each import()'s list of files to preload, without those already loaded where it runs (tools/preload-deps-plugin.ts).
const deps = preloadDeps();
// TROVE_CSS_SOURCES=1: each CSS rule names its file (tools/css-sources-plugin.ts), for `npm run check:css-order`.
const cssSources = process.env.TROVE_CSS_SOURCES === '1' ? [cssSourcesPlugin()] : [];

export default defineConfig(({ command }) => ({
  root: 'src/web',
  // React Router 7 publishes only its development build through its package exports (its warnings switched on by a
  // constant the minifier cannot drop); a build takes the production one beside it, the same code without them.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')),
            },
          ],
        }
      : {},
  publicDir: '../../public',
  plugins: [
    ...cssSources,
    react(),
    adminFallback,
    groups.plugin,
    deps.plugin,
    chunkModulesPlugin(),
    routePreloadsPlugin(
      { screens: 'src/web/app/screens.ts', tables: screenTables(), firstLoaders: FIRST_LOADERS_FILE },
      // Every screen but "/" waits for its loader's chunk and (unless `localeLater`) the locale (app/screen-host.tsx).
      { locale: 'lib/locale', loaders: 'app/screen-loaders' },
      TABS,
    ),
    // The installable app: manifest.webmanifest and sw.js (decision 035).
    VitePWA(
      pwaOptions(
        'dist/web',
        TABS.map((t) => t.to),
      ),
    ),
    backOfficeWithoutManifest(),
    precompressPlugin(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
    // Read by the bundle budget (npm run check:bundle) and by the server's per-route preload hints.
    manifest: true,
    // Every browser the app supports preloads modules itself (Safari 17+, Firefox 115+, Chrome): no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: deps.resolveDependencies },
    // Two entries: the mobile app (index.html) and the back office (admin.html, served at /admin), which share no chunk.
    rollupOptions: {
      input: { index: 'src/web/index.html', admin: 'src/web/admin.html' },
      // Scripts and styles named by their content's hash alone: every import and import() list repeats the names
      // of the files it needs, and `card-detail_home_mall_market-detail_market-user-CQDxc6mz.js` cost a shared link's
      // first load 1.3–2.1 KB gzip in names (decision 035). `.vite/chunk-modules.json` says what each file holds.
      output: {
        codeSplitting: groups.codeSplitting,
        hashCharacters: 'base36',
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css')) ? 'assets/[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/pay': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
}));

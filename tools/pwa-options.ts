import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { filesOf, staticClosure, type Manifest } from './bundle-budget';

/** The installable app (decision 035): its web app manifest and the service worker's rules (Workbox). */
export const APP_MANIFEST = {
  name: '寶庫 Trove',
  short_name: '寶庫',
  description: 'Trove 寶庫：香港的卡牌及收藏品交易平台',
  lang: 'zh-HK',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  id: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#1d1b3a',
  background_color: '#f5f5f7',
  categories: ['shopping', 'entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} satisfies VitePWAOptions['manifest'];

/** The page the worker shows for a page it cannot fetch (public/offline.html, with its script). */
export const OFFLINE_PAGE = '/offline.html';

// Files of public/ the worker keeps besides the mobile app's scripts and styles.
const PUBLIC_SHELL = ['offline.html', 'offline.js', 'favicon.svg', 'manifest.webmanifest', 'icons/'];

/**
 * What the worker precaches, the app shell: the entry with its static imports, what the tab screens load beyond
 * it (`.vite/route-preloads.json`, with what every screen waits for: toast, locale, the screens' loaders), the
 * icon sprite, the offline page and the icons. Other screens' chunks are kept as they are first fetched (the
 * `trove-assets` cache below). Never the back office (admin.html and its chunks), index.html (each route's page
 * is written by the server with its first answers: always from the network) nor the precompressed copies.
 */
export function precacheFilter(outDir: string, tabs: readonly string[]): (url: string) => boolean {
  let shell: Set<string> | null = null;
  const shellFiles = () => {
    if (!shell) {
      const read = (f: string) => JSON.parse(readFileSync(path.join(outDir, '.vite', f), 'utf8')) as unknown;
      const manifest = read('manifest.json') as Manifest;
      const preloads = read('route-preloads.json') as { all: string[]; routes: Record<string, string[]> };
      shell = new Set([
        ...filesOf(manifest, staticClosure(manifest, 'index.html')),
        ...preloads.all,
        ...tabs.flatMap((t) => preloads.routes[t] ?? []),
      ]);
    }
    return shell;
  };
  return (url) => {
    const file = url.replace(/^\//, '');
    if (file.startsWith('assets/')) return shellFiles().has(file);
    return PUBLIC_SHELL.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));
  };
}

/** vite-plugin-pwa's options: the worker is registered by the app itself, after load (app/pwa-register.ts). */
export function pwaOptions(outDir: string, tabs: readonly string[]): Partial<VitePWAOptions> {
  const keep = precacheFilter(outDir, tabs);
  return {
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: APP_MANIFEST,
    workbox: {
      globPatterns: ['assets/**/*.{js,css,svg,png,webp,woff2}', '*.{html,js,svg,webmanifest}', 'icons/*.png'],
      globIgnores: ['**/*.br', '**/*.gz', 'admin.html', 'index.html', 'sw.js', 'workbox-*.js'],
      manifestTransforms: [(entries) => ({ manifest: entries.filter((e) => keep(e.url)), warnings: [] })],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Pages are never answered from a cache: the server writes each with its route's first answers.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // Web Push: the push and notificationclick handlers (public/sw-push.js, decision 038).
      importScripts: ['/sw-push.js'],
      // The first worker takes the open page at once; a new version waits for the visitor's 重新載入.
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          // The API's answers are personal or live: never from a cache, never into one.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && (url.pathname === '/api' || url.pathname.startsWith('/api/')),
          handler: 'NetworkOnly',
        },
        {
          // A page: always the network; offline, the offline screen in its place.
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
        },
        {
          // The app's other chunks (hashed, never changed): kept once fetched, for the next visit and offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'trove-assets',
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Card art, product and banner pictures (uploads, the demo media): kept for 30 days. Whole answers only:
          // an opaque one (another origin's picture without CORS) counts megabytes against the quota.
          urlPattern: ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'trove-images',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  };
}

/**
 * vite-plugin-pwa links the manifest from every page of the build; the back office (admin.html) is not the
 * installable app, so its link is taken out again. Placed after VitePWA in the plugins.
 */
export function backOfficeWithoutManifest(): Plugin {
  return {
    name: 'trove-back-office-without-manifest',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.filename.endsWith('admin.html') ? html.replace(/\s*<link rel="manifest"[^>]*>/, '') : html,
    },
  };
}

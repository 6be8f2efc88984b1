import { describe, expect, it } from 'vitest';
import { KB, measureBundle, parseScreens, type Manifest } from './bundle-budget';
import { routePreloads } from './route-preloads-plugin';

// A small app: an entry with a vendor chunk, a home route, two routes sharing a form chunk, a route with a
// lazily loaded scanner, and a back-office entry with its own folder.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [
      'app/home-screen.tsx',
      'features/auth/login-screen.tsx',
      'features/auth/register-screen.tsx',
      'features/card/card-screen.tsx',
    ],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'app/home-screen.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_vendor.js', '_tag.js'],
    css: ['assets/home.css'],
  },
  '_tag.js': { file: 'assets/tag.js' },
  'features/auth/login-screen.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_form.js'] },
  'features/auth/register-screen.tsx': {
    file: 'assets/register.js',
    isDynamicEntry: true,
    imports: ['_form.js', '_vendor.js'],
  },
  '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
  'features/card/card-screen.tsx': { file: 'assets/card.js', isDynamicEntry: true, dynamicImports: ['_scanner.js'] },
  '_scanner.js': { file: 'assets/scanner.js', isDynamicEntry: true },
  'admin.html': { file: 'assets/admin.js', isEntry: true, imports: ['_vendor.js', '_admin-table.js'] },
  '_admin-table.js': { file: 'assets/admin-table.js' },
};

const screens = `
export const LOADERS: Record<RoutePath, () => Promise<ScreenModule>> = {
  '/': () => import('./home-screen'),
  '/login': () => import('../features/auth/login-screen'),
  '/register': () => import('../features/auth/register-screen'),
  '/my/card': () => import('../features/card/card-screen'),
};`;

/** Gzip sizes in KB, by file. */
const sizesKb: Record<string, number> = {
  'assets/index.js': 60,
  'assets/index.css': 3,
  'assets/vendor.js': 20,
  'assets/home.js': 15,
  'assets/home.css': 1,
  'assets/tag.js': 2,
  'assets/login.js': 10,
  'assets/register.js': 12,
  'assets/form.js': 45,
  'assets/form.css': 2,
  'assets/card.js': 30,
  'assets/scanner.js': 200,
  'assets/admin.js': 90,
  'assets/admin-table.js': 40,
};
const gzipSize = (f: string) => {
  const kb = sizesKb[f];
  if (kb === undefined) throw new Error(`no size for ${f}`);
  return kb * KB;
};

const chunkModules = {
  'assets/index.js': ['main.tsx', 'app/layout.tsx'],
  'assets/vendor.js': ['../../node_modules/react-dom/index.js'],
  'assets/admin.js': ['admin/main.tsx'],
  'assets/admin-table.js': ['admin/components/table.tsx'],
  'assets/form.js': ['components/form.tsx'],
};
const routes = parseScreens(screens);

describe('the bundle budget over a Vite manifest', () => {
  it("reads the routes and their screens' modules from screen-loaders.ts", () => {
    expect(routes).toEqual([
      { path: '/', module: 'app/home-screen' },
      { path: '/login', module: 'features/auth/login-screen' },
      { path: '/register', module: 'features/auth/register-screen' },
      { path: '/my/card', module: 'features/card/card-screen' },
    ]);
  });

  it('counts the entry with its static imports, and the first route on top (JavaScript budgeted, CSS apart)', () => {
    const r = measureBundle({ manifest, chunkModules, routes, gzipSize });
    expect(r.entry.gzip).toBe(80 * KB);
    expect(r.entry.cssGzip).toBe(3 * KB);
    // The vendor chunk home also imports is already loaded with the entry: counted once.
    expect(r.firstScreen.gzip).toBe(97 * KB);
    expect(r.firstScreen.cssGzip).toBe(4 * KB);
    expect(r.failures).toEqual([]);
  });

  it("budgets each route's own chunks, and shows shared ones in its total", () => {
    const r = measureBundle({ manifest, chunkModules, routes, gzipSize });
    const byPath = Object.fromEntries(r.routes.map((x) => [x.path, x]));
    expect(byPath['/login']).toMatchObject({ gzip: 10 * KB, total: { gzip: 55 * KB, cssGzip: 2 * KB } });
    expect(byPath['/register']).toMatchObject({ gzip: 12 * KB, total: { gzip: 57 * KB } });
    // A chunk loaded on demand inside a screen is reported, not budgeted.
    expect(byPath['/my/card']!.gzip).toBe(30 * KB);
    expect(r.lazyOnly.gzip).toBe(200 * KB);
  });

  it('fails when the entry + first route passes its budget', () => {
    const r = measureBundle({
      manifest,
      chunkModules,
      routes,
      gzipSize,
      budgets: { firstScreen: 96 * KB, route: 50 * KB },
    });
    expect(r.failures).toEqual(['entry + /: 97.0 KB gzip of JavaScript > 96.0 KB']);
  });

  it("fails when a route's own chunks pass theirs", () => {
    const r = measureBundle({
      manifest,
      chunkModules,
      routes,
      gzipSize,
      budgets: { firstScreen: 100 * KB, route: 11 * KB },
    });
    expect(r.failures).toEqual([
      'route /register: own chunks 12.0 KB gzip of JavaScript > 11.0 KB',
      'route /my/card: own chunks 30.0 KB gzip of JavaScript > 11.0 KB',
    ]);
  });

  it("fails when the mobile app can load a chunk holding the back office's code", () => {
    // The card screen now pulls a table component out of the back office's folder.
    const leaky: Manifest = {
      ...manifest,
      'features/card/card-screen.tsx': {
        ...manifest['features/card/card-screen.tsx']!,
        dynamicImports: ['_scanner.js', '_admin-table.js'],
      },
    };
    const r = measureBundle({ manifest: leaky, chunkModules, routes, gzipSize });
    expect(r.foreign).toEqual([
      { entry: 'admin.html', file: 'assets/admin-table.js', modules: ['admin/components/table.tsx'] },
    ]);
    expect(r.failures).toEqual([
      'assets/admin-table.js is reachable from index.html but belongs to admin.html (admin/components/table.tsx)',
    ]);
  });

  it('accepts chunks both apps share (react-dom) and lets the back office own other folders when told', () => {
    expect(measureBundle({ manifest, chunkModules, routes, gzipSize }).foreign).toEqual([]);
    const r = measureBundle({
      manifest,
      chunkModules,
      routes,
      gzipSize,
      foreignRoots: { 'admin.html': ['components/'] },
    });
    expect(r.foreign.map((f) => f.file)).toEqual(['assets/form.js']);
  });

  it('refuses a manifest without the entry or a route it cannot find', () => {
    expect(() => measureBundle({ manifest, chunkModules, routes, gzipSize, mobileEntry: 'mobile.html' })).toThrow(
      /not an entry/,
    );
    expect(() =>
      measureBundle({
        manifest,
        chunkModules,
        routes: [...routes, { path: '/x', module: 'features/x/x-screen' }],
        gzipSize,
      }),
    ).toThrow(/features\/x\/x-screen/);
  });

  it('lists per route what to preload beyond the entry', () => {
    const withSprite: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, assets: ['assets/icons.svg'] },
    };
    expect(routePreloads(withSprite, routes)).toEqual({
      all: ['assets/icons.svg'],
      routes: {
        '/': ['assets/home.css', 'assets/home.js', 'assets/tag.js'],
        '/login': ['assets/form.css', 'assets/form.js', 'assets/login.js'],
        '/register': ['assets/form.css', 'assets/form.js', 'assets/register.js'],
        '/my/card': ['assets/card.js'],
      },
    });
  });

  it('adds what every screen but "/" waits for (the toast) to those screens\' preloads, once', () => {
    const withToast: Manifest = {
      ...manifest,
      'index.html': {
        ...manifest['index.html']!,
        dynamicImports: [...manifest['index.html']!.dynamicImports!, 'lib/toast.ts'],
      },
      'lib/toast.ts': {
        file: 'assets/toast.js',
        isDynamicEntry: true,
        imports: ['_vendor.js', '_form.js'],
        css: ['assets/toast.css'],
      },
    };
    expect(routePreloads(withToast, routes, 'index.html', ['lib/toast']).routes).toEqual({
      '/': ['assets/home.css', 'assets/home.js', 'assets/tag.js'],
      '/login': ['assets/form.css', 'assets/form.js', 'assets/login.js', 'assets/toast.css', 'assets/toast.js'],
      '/register': ['assets/form.css', 'assets/form.js', 'assets/register.js', 'assets/toast.css', 'assets/toast.js'],
      '/my/card': ['assets/card.js', 'assets/form.css', 'assets/form.js', 'assets/toast.css', 'assets/toast.js'],
    });
  });
});

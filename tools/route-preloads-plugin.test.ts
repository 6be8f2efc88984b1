import { describe, expect, it } from 'vitest';
import {
  FIRST_LOADERS_FILE,
  parseLocaleLater,
  parseTitles,
  readLoaders,
  readyOf,
  screenTables,
} from './route-preloads-plugin';

describe('parseTitles', () => {
  it("reads each route's title from screens.ts, auth flag or not", () => {
    const source = `
export const SCREENS: Record<RoutePath, ScreenEntry> = {
  '/': { title: 'Trove 寶庫' },
  '/market/sell': { title: '發佈掛單', auth: true },
  '/login': { title: '登入' },
};`;
    expect(parseTitles(source)).toEqual({ '/': 'Trove 寶庫', '/market/sell': '發佈掛單', '/login': '登入' });
  });
});

describe('parseLocaleLater', () => {
  it('reads the routes whose first view does not wait for the locale', () => {
    const source = `
  '/': { title: 'Trove 寶庫' },
  '/my': { title: '我的', auth: true },
  '/login': { title: '登入', localeLater: true },
  '/x': { localeLater: true, title: 'X' },`;
    expect([...parseLocaleLater(source)].sort()).toEqual(['/login', '/x']);
  });
});

describe('readyOf', () => {
  const ready = { locale: 'app/locale', loaders: 'app/screen-loaders' };
  const of = readyOf(
    ready,
    [
      { path: '/mall', module: 'app/first-screens/mall' },
      { path: '/login', module: 'app/first-screens/login' },
    ],
    new Set(['/login']),
  );
  it("waits for the shared links' own loader, and for the locale unless the screen loads it later", () => {
    expect(of('/mall')).toEqual(['app/locale', 'app/first-screens/mall']);
    expect(of('/login')).toEqual(['app/first-screens/login']);
    expect(of('/my')).toEqual(['app/locale', 'app/screen-loaders']);
  });
});

describe("the app's screens", () => {
  it('all have a title the server can draw before the script runs', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROUTE_PATHS } = await import('../src/shared/routes');
    const titles = parseTitles(readFileSync('src/web/app/screens.ts', 'utf8'));
    expect(Object.keys(titles).sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it('each have a loader the bundle budget and the preload hints can read', async () => {
    const { ROUTE_PATHS } = await import('../src/shared/routes');
    const routes = readLoaders(screenTables());
    expect(routes.map((r) => r.path).sort()).toEqual([...ROUTE_PATHS].sort());
    // Imports are read relative to their file: the first screens' loaders sit one folder down.
    expect(routes.find((r) => r.path === '/mall')?.module).toBe('features/mall/mall-screen');
  });

  it('that a shared link opens have a loader of their own (all but "/", which the entry loads)', async () => {
    const { SHAREABLE_ROUTES } = await import('./first-loads');
    const first = readLoaders([FIRST_LOADERS_FILE]);
    expect(first.map((r) => r.path).sort()).toEqual(SHAREABLE_ROUTES.filter((r) => r !== '/').sort());
    expect(first.find((r) => r.path === '/mall/detail')?.module).toBe('app/first-screens/mall-detail');
  });
});

import { describe, expect, it } from 'vitest';
import { parseLocaleLater, parseTitles, readLoaders, readyOf } from './route-preloads-plugin';

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
  const ready = { locale: 'app/locale', loaders: 'app/screen-loaders', firstLoaders: 'app/first-screen-loaders' };
  const of = readyOf(
    ready,
    [
      { path: '/mall', module: 'm' },
      { path: '/login', module: 'l' },
    ],
    new Set(['/login']),
  );
  it("waits for the shared links' own loaders, and for the locale unless the screen loads it later", () => {
    expect(of('/mall')).toEqual(['app/locale', 'app/first-screen-loaders']);
    expect(of('/login')).toEqual(['app/first-screen-loaders']);
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
    const routes = readLoaders(['src/web/app/screen-loaders.ts', 'src/web/app/first-screen-loaders.ts']).map(
      (r) => r.path,
    );
    expect(routes.sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it('that a shared link opens have their own loaders\' chunk (all but "/", which the entry loads)', async () => {
    const { SHAREABLE_ROUTES } = await import('./first-loads');
    const first = readLoaders(['src/web/app/first-screen-loaders.ts']).map((r) => r.path);
    expect(first.sort()).toEqual(SHAREABLE_ROUTES.filter((r) => r !== '/').sort());
  });
});

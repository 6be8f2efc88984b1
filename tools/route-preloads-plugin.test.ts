import { describe, expect, it } from 'vitest';
import { parseTitles } from './route-preloads-plugin';

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

describe("the app's screens", () => {
  it('all have a title the server can draw before the script runs', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROUTE_PATHS } = await import('../src/shared/routes');
    const titles = parseTitles(readFileSync('src/web/app/screens.ts', 'utf8'));
    expect(Object.keys(titles).sort()).toEqual([...ROUTE_PATHS].sort());
  });

  it('each have a loader the bundle budget and the preload hints can read', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROUTE_PATHS } = await import('../src/shared/routes');
    const { parseScreens } = await import('./bundle-budget');
    const routes = parseScreens(readFileSync('src/web/app/screen-loaders.ts', 'utf8')).map((r) => r.path);
    expect(routes.sort()).toEqual([...ROUTE_PATHS].sort());
  });
});

import { describe, expect, it } from 'vitest';
import { parseTitles } from './route-preloads-plugin';

describe('parseTitles', () => {
  it("reads each route's title from screens.ts, auth flag or not", () => {
    const source = `
export const SCREENS: Record<RoutePath, ScreenEntry> = {
  '/': { load: () => import('./home-screen'), title: 'Trove 寶庫' },
  '/market/sell': { load: () => import('../features/market/market-sell-screen'), title: '發佈掛單', auth: true },
  '/login': { load: () => import('../features/auth/login-screen'), title: '登入' },
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
});

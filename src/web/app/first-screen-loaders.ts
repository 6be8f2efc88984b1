import type { RoutePath } from '../../shared/routes';
import type { ScreenModule } from './lazy-screen';

/**
 * The screens a shared link opens (issue 23: `tools/first-loads.ts`' SHAREABLE_ROUTES, but "/", which the entry
 * loads itself), each through a loader in a chunk of its own (`first-screens/<route>.ts`, one line: its path then an
 * arrow to one import()): such a page waits for its own screen's list of files alone, not for every route's
 * (`screen-loaders.ts` is ~3.8 KB gzip, all six of these ~1 KB). The entry holds this file: one small import() per
 * route. The bundle budget and the preload hints read both (tools/route-preloads-plugin.ts).
 */
export const FIRST_SCREEN_LOADERS = {
  '/market': () => import('./first-screens/market').then((m) => m.LOADER['/market']()),
  '/market/detail': () => import('./first-screens/market-detail').then((m) => m.LOADER['/market/detail']()),
  '/market/user': () => import('./first-screens/market-user').then((m) => m.LOADER['/market/user']()),
  '/mall': () => import('./first-screens/mall').then((m) => m.LOADER['/mall']()),
  '/mall/detail': () => import('./first-screens/mall-detail').then((m) => m.LOADER['/mall/detail']()),
  '/login': () => import('./first-screens/login').then((m) => m.LOADER['/login']()),
} satisfies Partial<Record<RoutePath, () => Promise<ScreenModule>>>;

export type FirstScreenPath = keyof typeof FIRST_SCREEN_LOADERS;

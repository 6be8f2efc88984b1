import type { RoutePath } from '../../shared/routes';
import type { ScreenModule } from './lazy-screen';

/**
 * The screens a shared link opens (issue 23: `tools/first-loads.ts`' SHAREABLE_ROUTES, but "/", which the entry
 * loads itself): a chunk of their own, so such a page waits for these few loaders and not for every route's (with
 * each import()'s list of files, `screen-loaders.ts` is ~3.8 KB gzip). Same form as `screen-loaders.ts` (one line
 * per route, its path then an arrow to one import()), which spreads them into the full map.
 */
export const FIRST_SCREEN_LOADERS = {
  '/market': () => import('../features/market/market-screen'),
  '/market/detail': () => import('../features/market/market-detail-screen'),
  '/market/user': () => import('../features/market/market-user-screen'),
  '/mall': () => import('../features/mall/mall-screen'),
  '/mall/detail': () => import('../features/mall/card-detail-screen'),
  '/login': () => import('../features/auth/login-screen'),
} satisfies Partial<Record<RoutePath, () => Promise<ScreenModule>>>;

export type FirstScreenPath = keyof typeof FIRST_SCREEN_LOADERS;

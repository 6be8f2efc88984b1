import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTE_PATHS } from '../../shared/routes';
import { setNavigator } from '../lib/navigation';
import { Layout } from './layout';
import { NotFoundScreen } from './not-found-screen';
import { ScreenHost } from './screen-host';

/** Every screen of the seed (§2) under the one global layout, each loaded on demand, then the catch-all. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      ...ROUTE_PATHS.map((path): RouteObject => (path === '/' ? { index: true, element: <ScreenHost path="/" /> } : { path, element: <ScreenHost path={path} /> })),
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/' });

// lib/ (the request client, sign-in and sign-out) changes screens through this registry.
setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace ?? false }));

import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { ROUTE_PATHS } from '../../shared/routes';
import { setNavigator } from '../lib/navigation';
import { Layout } from './layout';
import { NotFoundScreen } from './not-found-screen';
import { ScreenHost } from './screen-host';

/** lib/ (the request client, sign-in and sign-out) changes screens through this registry. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => void navigate(to, { replace: opts?.replace ?? false })), [navigate]);
  return null;
}

/** Every screen of the seed (§2) under the one global layout, each loaded on demand, then the catch-all. */
export function AppRoutes() {
  return (
    <>
      <NavigatorBridge />
      <Routes>
        <Route path="/" element={<Layout />}>
          {ROUTE_PATHS.map((path) =>
            path === '/' ? (
              <Route key={path} index element={<ScreenHost path="/" />} />
            ) : (
              <Route key={path} path={path} element={<ScreenHost path={path} />} />
            ),
          )}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </>
  );
}

/**
 * The browser-history router at base path "/" (seed §1). Declarative mode: the app loads no route data
 * through the router, and the data router's code would double the router's share of the first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter basename="/">
      <AppRoutes />
    </BrowserRouter>
  );
}

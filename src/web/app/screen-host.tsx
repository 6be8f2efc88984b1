import { Suspense, useState, type LazyExoticComponent, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RoutePath } from '../../shared/routes';
import { RegionBoundary } from '../components/region-boundary';
import { ScreenLoading } from '../components/screen-loading';
import { loadToast } from '../lib/request';
import { useSession } from '../lib/stores';
import { lazyScreen, type ScreenModule } from './lazy-screen';
import { loadLocale } from './locale-store';
import { SCREENS } from './screens';

// One lazy component per route; a retry after a failed load replaces it so the chunk is fetched again.
const cache = new Map<RoutePath, LazyExoticComponent<ComponentType>>();

// Screens other than "/" show antd-mobile's texts and may open a Dialog or a Toast: the zh-HK locale, the React 19
// render and the request client's toast (none needed by the home screen) are there before such a screen shows, so
// its first call shows its loading toast at once, as before.
const withAntdReady = (load: () => Promise<ScreenModule>) => () =>
  Promise.all([load(), loadLocale(), loadToast(), import('../lib/antd-render').then((m) => m.installAntdMobileRender())]).then(([screen]) => screen);

function screenFor(path: RoutePath): LazyExoticComponent<ComponentType> {
  let screen = cache.get(path);
  if (!screen) {
    screen = lazyScreen(path === '/' ? SCREENS[path].load : withAntdReady(SCREENS[path].load));
    cache.set(path, screen);
  }
  return screen;
}

/** One route's screen: the sign-in guard, the loading spinner and the error boundary of the region. */
export function ScreenHost({ path }: { path: RoutePath }) {
  const session = useSession();
  const [, setAttempt] = useState(0);
  if (SCREENS[path].auth && !session) return <Navigate to="/login" replace />;
  const Screen = screenFor(path);
  return (
    <RegionBoundary
      region="頁面"
      onRetry={() => {
        cache.delete(path);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </RegionBoundary>
  );
}

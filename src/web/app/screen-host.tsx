import { Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate } from 'react-router';
import type { RoutePath } from '../../shared/routes';
import { RegionBoundary } from '../components/region-boundary';
import { ScreenLoading } from '../components/screen-loading';
import { pageLoaded } from '../lib/after-load';
import { loadToast } from '../lib/request';
import { sessionStore, useSession } from '../lib/stores';
import { lazyScreen, loadChunk, type ScreenModule } from './lazy-screen';
import { FIRST_SCREEN_LOADERS, type FirstScreenPath } from './first-screen-loaders';
import { withLocale } from '../lib/locale-store';
import { loadHome, SCREENS } from './screens';

// One lazy component per route; a retry after a failed load replaces it so the chunk is fetched again.
const cache = new Map<RoutePath, LazyExoticComponent<ComponentType>>();
// Screens already loaded before they were first shown (the page's own screen, `preloadScreen`): rendered as they
// are, without a round through Suspense.
const loaded = new Map<RoutePath, ComponentType>();

// Screens other than "/" show antd-mobile's texts: the zh-HK locale is there before such a screen shows, so no control
// renders in another language. Their toasts and dialogs need antd-mobile's Toast and React 19 render (lib/toast.ts
// installs it), ~30 KB the first picture does not use: asked for once the page has loaded (decision 035), so a
// shared link's first load does not wait for them; a call made before they arrive shows its loading toast when they
// do (lib/request.ts).
// A screen whose first view shows no antd-mobile text (`localeLater`) loads the locale with its antd-mobile parts.
const withAntdReady = (path: RoutePath, load: () => Promise<ScreenModule>) => () => {
  void pageLoaded().then(() => loadToast());
  return SCREENS[path].localeLater ? load() : withLocale(load);
};

/** The loaders of every screen but "/" (a chunk of their own, app/screen-loaders.ts). */
export const loadScreenLoaders = () => import('./screen-loaders');

/**
 * A screen's module: those a shared link opens through their own loader's small chunk (the page waits for it alone),
 * the others through every route's.
 */
const loadScreen = (path: RoutePath): Promise<ScreenModule> =>
  path in FIRST_SCREEN_LOADERS
    ? FIRST_SCREEN_LOADERS[path as FirstScreenPath]()
    : loadScreenLoaders().then((m) => m.LOADERS[path as Exclude<RoutePath, FirstScreenPath>]());

const loaderOf = (path: RoutePath) => (path === '/' ? loadHome : withAntdReady(path, () => loadScreen(path)));

function screenFor(path: RoutePath): ComponentType {
  const ready = loaded.get(path);
  if (ready) return ready;
  let screen = cache.get(path);
  if (!screen) {
    screen = lazyScreen(loaderOf(path));
    cache.set(path, screen);
  }
  return screen;
}

/**
 * Loads the screen of the page the visitor opened (and what it waits for) before the app first renders
 * (main.tsx). Until then the page shows the server's top bar and spinner (plugins/web.ts), so the first render
 * shows the screen itself: React would otherwise commit its loading state first and, once the screen came,
 * hold it back a further moment so as not to flash. Never fails: a screen that could not be loaded is loaded
 * again (and its failure shown) by `ScreenHost`.
 */
export function preloadScreen(path: RoutePath): Promise<void> {
  // A screen for signed-in users only sends an anonymous visitor to /login: nothing to load for it.
  if (SCREENS[path].auth && !sessionStore.get()) return Promise.resolve();
  return loadChunk(loaderOf(path)).then(
    (m) => {
      loaded.set(path, m.default);
    },
    () => {},
  );
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
        loaded.delete(path);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </RegionBoundary>
  );
}

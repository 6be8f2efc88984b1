import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ROUTE_PATHS, type RoutePath } from '../shared/routes';
import { App } from './app/app';
import { loadScreenLoaders, preloadScreen } from './app/screen-host';
import { pageLoaded } from './lib/after-load';
import { loadLocale } from './lib/locale-store';
import { loadToast } from './lib/request';
import './app/global.css';

// The page's own screen is loaded before the first render (the server's top bar and spinner show meanwhile),
// so the first render shows it at once (app/screen-host.tsx).
const path = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/+$/, '') : '/';
const first = (ROUTE_PATHS as readonly string[]).includes(path) ? preloadScreen(path as RoutePath) : Promise.resolve();
// Rendered as a transition: React works in slices of a few milliseconds and lets the browser in between, instead of
// holding the main thread for the whole first render (a phone's taps and paints wait less; Lighthouse's TBT).
void first.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// Chunks the home screen does not show but the rest of the app needs: the request client's toast (which installs
// antd-mobile's React 19 render, lib/antd-render.ts), the zh-HK locale, the other screens' loaders and the keyboard
// handling of popups. Fetched
// a while after the page has loaded, when the browser is idle: on a slow phone connection the first screen's
// pictures and data are still coming in just after the load event, and these would share the line with them.
// Every other screen asks for the toast and the locale itself before it shows (app/screen-host.tsx); the popups'
// keyboard handling comes at once on the first key press.
const WARM_UP_DELAY_MS = 3000;
const loadModalFocus = () => {
  // Keyboard modality for antd-mobile's popups and dialogs (it imports Dialog on demand, so it stays out of the entry).
  import('./app/modal-focus').then((m) => m.installModalFocus()).catch(() => {});
};
document.addEventListener('keydown', loadModalFocus, { once: true, capture: true });
// A tap may open a Dialog or show a toast: their React 19 render (lib/toast.ts) is asked for at the first touch too,
// in case it is earlier than the load event (screens no longer wait for it, app/screen-host.tsx).
document.addEventListener('pointerdown', () => void loadToast(), { once: true, capture: true });
const warmUp = () => {
  const go = () => {
    void loadToast();
    loadLocale().catch(() => {});
    loadScreenLoaders().catch(() => {});
    loadModalFocus();
    // The service worker (decision 035): its own chunk, and its precache, only once the first screen is done.
    import('./app/pwa-register').then((m) => m.registerServiceWorker()).catch(() => {});
  };
  setTimeout(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
    else go();
  }, WARM_UP_DELAY_MS);
};
void pageLoaded().then(warmUp);

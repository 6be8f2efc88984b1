import { registerSW } from 'virtual:pwa-register';
import { askToReload } from './pwa-update-prompt';

/**
 * Registers the service worker (sw.js, built by vite-plugin-pwa: decision 035). Called by main.tsx once the page
 * has loaded and the browser is idle, so neither this chunk nor the worker's precache shares the line with the
 * first screen. When a new version's worker is waiting, the visitor is asked whether to reload into it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      void askToReload(() => update(true));
    },
  });
}

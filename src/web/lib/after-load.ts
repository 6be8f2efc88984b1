/**
 * Resolves once the page's load event has passed (at once when it has): what a shared link's first picture does not
 * need waits for it, so the page's own files and calls go first (decisions 017, 035). The one way to wait for it.
 */
export function pageLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

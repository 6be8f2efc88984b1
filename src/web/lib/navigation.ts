/**
 * How code outside React (the request client, the session helpers) changes screens. The router
 * registers itself here, so lib/ never imports app/.
 */
export type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let current: Navigate | null = null;

/** Called once by the router; returns an undo for tests and hot reloads. */
export function setNavigator(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

/** Goes to `to` with the router, or with a full page load before the router exists. */
export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (current) current(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

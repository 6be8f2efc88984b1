/**
 * The first load of every page a shared link can open (issue 23): the JavaScript a phone fetches before the load
 * event when it opens that route cold — the entry with its static imports (Vite's own hints) and the route's
 * preload hints, which the server writes into that route's page (`.vite/route-preloads.json`: its screen's static
 * imports and, for every route but "/", what each screen waits for before it shows). An upper bound of what
 * Chromium counts: everything hinted is fetched, and the load event waits for it.
 */
import { filesOf, kb, staticClosure, type Manifest } from './bundle-budget';

/** The routes a link can open (share links, search results, a bookmark): each is somebody's first screen. */
export const SHAREABLE_ROUTES = ['/', '/mall', '/mall/detail', '/market', '/market/detail', '/market/user', '/login'];

/**
 * Routes still over the budget, each held at its figure when the check was added (KB gzip, plus under 1 KB of slack): a
 * ratchet, so they only come down. Remove a route's line once it is under the budget (decision 035).
 */
export const OVER_BUDGET_CEILINGS_KB: Record<string, number> = {
  // None: since each shared link's screen has its own loader, its parts that other screens load are one file, the
  // detail screens' shared parts one, and files are named by their hash alone (decision 035), every route is under.
};

/** The failures: a route over its ceiling, or over the budget without one. */
export function firstLoadFailures(
  loads: FirstLoad[],
  budget: number,
  ceilings: Record<string, number> = OVER_BUDGET_CEILINGS_KB,
): string[] {
  return loads.flatMap((l) => {
    const ceiling = ceilings[l.path];
    const limit = ceiling === undefined ? budget : ceiling * 1024;
    if (l.gzip <= limit) return [];
    return [
      `first load of ${l.path}: ${kb(l.gzip)} KB gzip of JavaScript before the load event > ${kb(limit)} KB${ceiling === undefined ? '' : ' (its ceiling until it is under the budget)'}`,
    ];
  });
}

export interface FirstLoad {
  path: string;
  /** Gzip bytes of JavaScript fetched before the load event. */
  gzip: number;
  files: string[];
  /** The route's own part beyond the entry, biggest first (what to cut). */
  beyondEntry: { file: string; gzip: number }[];
}

export interface RoutePreloads {
  routes: Record<string, string[]>;
}

export function measureFirstLoads(input: {
  manifest: Manifest;
  preloads: RoutePreloads;
  gzipSize: (file: string) => number;
  routes?: string[];
  mobileEntry?: string;
}): FirstLoad[] {
  const { manifest, preloads, gzipSize } = input;
  const isJs = (f: string) => /\.m?js$/.test(f);
  const entry = filesOf(manifest, staticClosure(manifest, input.mobileEntry ?? 'index.html')).filter(isJs);
  return (input.routes ?? SHAREABLE_ROUTES).map((path) => {
    const hinted = preloads.routes[path];
    if (!hinted) throw new Error(`no preload hints for route "${path}" in .vite/route-preloads.json`);
    const beyond = [...new Set(hinted.filter((f) => isJs(f) && !entry.includes(f)))]
      .map((file) => ({ file, gzip: gzipSize(file) }))
      .sort((a, b) => b.gzip - a.gzip);
    const files = [...entry, ...beyond.map((b) => b.file)];
    return { path, gzip: files.reduce((n, f) => n + gzipSize(f), 0), files, beyondEntry: beyond };
  });
}

/**
 * The lines the check prints: each route's first load against the budget, with its three biggest own files (named by
 * `label`: files are named by their hash alone, so the check says what they hold).
 */
export function formatFirstLoads(
  loads: FirstLoad[],
  budget: number,
  label: (file: string) => string = (f) => f.replace(/^assets\//, ''),
): string[] {
  return [
    `first load of each shareable route (JS gzip before the load event, budget ${kb(budget)} KB each):`,
    ...loads.map(
      (l) =>
        `  ${l.path.padEnd(16)} ${kb(l.gzip).padStart(6)} KB${l.gzip > budget ? ' OVER' : '     '}  biggest beyond the entry: ${l.beyondEntry
          .slice(0, 3)
          .map((b) => `${label(b.file)} ${kb(b.gzip)}`)
          .join(', ')}`,
    ),
  ];
}

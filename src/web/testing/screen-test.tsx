import { cleanup, configure, render } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { FIRST_ANSWERS_ID } from '../../shared/first-answers';
import { unmountAntdMobileParts } from '../lib/antd-render';
import { setNavigator } from '../lib/navigation';
import { resetFirstAnswers } from '../lib/request';
import { testPriceHistory } from './fixtures';

// findBy/waitFor wait up to 5 s, not 1 s: a loaded 2-core CI machine can take longer than a second to
// render a screen after its fake answer; a screen that never gets there still fails.
configure({ asyncUtilTimeout: 5000 });

/** Set-up shared by the screen tests: a fake server behind `fetch`, a router at a path, and the clean-up. */

export type FetchMock = Mock<(url: string, init: RequestInit) => Promise<Response>>;

/** The envelope `{code, msg, data}` as the server sends it (HTTP status = code). */
export const envelope = (code: number, msg: string, data: unknown) =>
  new Response(JSON.stringify({ code, msg, data }), { status: code });
export const ok = (data: unknown, msg = '') => envelope(200, msg, data);

/**
 * Stubs `fetch` with `answer` (what it leaves unanswered is a 404) and mutes the request client's
 * toasts (`Toast.show` stays a spy to assert on). Undone by `resetScreenTest`.
 */
export function mockFetch(answer: (url: string, init: RequestInit) => Response | undefined): FetchMock {
  const fetchMock: FetchMock = vi.fn(
    async (url: string, init: RequestInit) => answer(url, init) ?? envelope(404, '找不到', null),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => {} }));
  vi.spyOn(Toast, 'clear').mockImplementation(() => {});
  return fetchMock;
}

/** What a test's route answers a request with: the envelope's code, msg and data (undefined: a 404). */
export type Route = (url: URL, init: RequestInit) => { code: number; msg?: string; data: unknown } | undefined;

/** `mockFetch` answering from `route` (read when a request comes, so a test may swap it). */
export const mockRoutes = (route: () => Route): FetchMock =>
  mockFetch((u, init) => {
    const r = route()(new URL(u, 'http://x'), init);
    return r ? envelope(r.code, r.msg ?? '', r.data) : undefined;
  });

/** `mockRoutes`, with every price history (`…/priceHistory`) answered `testPriceHistory()` whatever `route` says. */
export const mockRoutesWithPriceHistory = (route: () => Route): FetchMock =>
  mockRoutes(
    () => (u, init) =>
      u.pathname.endsWith('/priceHistory') ? { code: 200, data: testPriceHistory() } : route()(u, init),
  );

/** The requests `fetchMock` got for an API path (without /api/), as URLs to read the query from. */
export const requestsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(u, 'http://x')).filter((u) => u.pathname === `/api/${path}`);

let undoNavigator: (() => void) | null = null;

/** Renders `routes` in a memory router at `path`, with the app's navigator (signIn → "/") pointed at it. */
export function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  undoNavigator = setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace ?? false }));
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * A suite's screens: returns `renderAt(path)`, which renders `routes` at `path` (see `renderAt`), and cleans up
 * after every test (`resetScreenTest`); with `lists`, the screens' paged lists load (`showInfiniteScroll`).
 */
export function screenRoutes(routes: RouteObject[], { lists = false } = {}) {
  if (lists) beforeAll(showInfiniteScroll);
  afterEach(resetScreenTest);
  return (path: string) => renderAt(routes, path);
}

/**
 * A suite's screens on a fake server: `screenRoutes`, and before every test a `fetch` answering from `suite.routes` (a
 * test sets it; with `priceHistory`, every price history answers `testPriceHistory()`); `suite.fetchMock` is that fetch.
 */
export function screenSuite(routes: RouteObject[], { lists = false, priceHistory = false } = {}) {
  const suite = {
    routes: (() => undefined) as Route,
    fetchMock: undefined as unknown as FetchMock,
    renderAt: screenRoutes(routes, { lists }),
  };
  beforeEach(() => {
    suite.fetchMock = (priceHistory ? mockRoutesWithPriceHistory : mockRoutes)(() => suite.routes);
  });
  return suite;
}

/**
 * jsdom does no layout: let antd-mobile's InfiniteScroll and the lists' `LoadMore` see their element as visible (call
 * in beforeAll).
 */
export function showInfiniteScroll() {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
}

/** Puts the server's first answers (`{ [url]: envelope }`) in the page, as the web plugin does. */
export function embedFirstAnswers(answers: Record<string, unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ID;
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
  resetFirstAnswers();
}

/**
 * afterEach: unmount (the toasts and dialogs too: a toast closes itself on a timer, which after a file's last test
 * fired once jsdom had gone, "window is not defined"), restore the navigator, `fetch` and every spy. The screens are
 * unmounted here, before their stubs go, though every test's are unmounted after it anyway (react-teardown.ts).
 */
export function resetScreenTest() {
  cleanup();
  unmountAntdMobileParts();
  document.getElementById(FIRST_ANSWERS_ID)?.remove();
  resetFirstAnswers();
  undoNavigator?.();
  undoNavigator = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

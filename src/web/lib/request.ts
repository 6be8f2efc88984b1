import type { Toast as ToastApi } from 'antd-mobile';
import { LANGUAGE_HEADER, REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { FIRST_ANSWERS_ID, FIRST_ANSWERS_MAX_AGE_MS } from '../../shared/first-answers';
import { readToken } from './auth-storage';
import { signOutLocally } from './session';

/**
 * The one request client (seed §7, §8). Screens only handle data: toasts, the 403 logout and the
 * error marker are decided here.
 */

const FAILURE = Symbol('trove.failure');

/** The error marker a call yields instead of data; callers skip updating state. */
export interface Failure {
  readonly [FAILURE]: true;
  /** The envelope's code, or 0 when no answer arrived (network, time-out, unreadable answer). */
  readonly code: number;
  readonly msg: string;
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && FAILURE in value;
}

const failure = (code: number, msg: string): Failure => Object.freeze({ [FAILURE]: true as const, code, msg });

export interface RequestOptions {
  /** Show the blocking loading toast (default true). */
  loading?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` for payOrder/create; they never replace the defaults. */
  headers?: Record<string, string>;
  /** No failure toast: the caller shows what it finds (e.g. a 404 that only means "nothing to show"). */
  quiet?: boolean;
}

type Scalar = string | number | boolean;
export type QueryValue =
  Scalar | null | undefined | Record<string, Scalar | null | undefined> | readonly (Scalar | null | undefined)[];
export type QueryParams = Record<string, QueryValue>;

/** The answer envelope (seed §7). */
interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

const LOADING_TEXT = '載入中…';
const LOGOUT_PATH = 'user/logout';

/** GET query string: one-level nested objects as name[key]=value, null and undefined skipped (seed §7). */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const enc = encodeURIComponent;
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (inner === null || inner === undefined) continue;
        parts.push(`${enc(name)}[${enc(key)}]=${enc(String(inner))}`);
      }
    } else {
      parts.push(`${enc(name)}=${enc(String(value))}`);
    }
  }
  return parts.join('&');
}

/** `user/info` → `/api/user/info`; every path is under /api/. */
export function apiUrl(path: string, params?: QueryParams): string {
  const url = `/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  const query = encodeQuery(params);
  return query ? `${url}?${query}` : url;
}

/*
 * antd-mobile's Toast brings its mask and react-spring: about a fifth of the first screen's budget, for a
 * toast the home screen never shows (its calls pass `loading: false`). It is fetched on its own, once:
 * main.tsx asks for it as soon as the first screen is up, and the first call that needs it asks too.
 * Once it is here every toast is shown synchronously, exactly as before.
 */
let toast: typeof ToastApi | null = null;
let toastLoad: Promise<typeof ToastApi | null> | null = null;

/** Loads the toast module (once; again after a failed attempt). Answers null when it cannot be fetched. */
export function loadToast(): Promise<typeof ToastApi | null> {
  toastLoad ??= import('./toast').then(
    (m) => (toast = m.Toast),
    () => {
      toastLoad = null;
      return null;
    },
  );
  return toastLoad;
}

// Several calls may be in flight: the loading toast stays until the last of them answers.
let pendingLoaders = 0;

function showLoading(t: typeof ToastApi): void {
  t.show({ icon: 'loading', content: LOADING_TEXT, duration: 0, maskClickable: false });
}

function startLoading(): void {
  pendingLoaders += 1;
  if (pendingLoaders !== 1) return;
  if (toast) showLoading(toast);
  else {
    // Only before the toast module has arrived: show it then, unless every call has answered meanwhile.
    void loadToast().then((t) => {
      if (t && pendingLoaders > 0) showLoading(t);
    });
  }
}

function stopLoading(): void {
  pendingLoaders = Math.max(0, pendingLoaders - 1);
  if (pendingLoaders === 0) toast?.clear();
}

/** The language headers every request carries (seed §7, §9), the live stream's too. */
export const LANGUAGE_HEADERS = { 'Accept-Language': LANGUAGE_HEADER, lang: LANGUAGE_HEADER } as const;

function headers(hasBody: boolean, extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { ...extra, Accept: 'application/json', ...LANGUAGE_HEADERS };
  if (hasBody) h['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

/*
 * The page's first answers (src/shared/first-answers.ts): the server embeds the public answers a screen's first
 * view starts with, keyed by the exact URL this client sends. Each answers its GET once, in the page's first
 * moments; every later call, and any other, goes to the network. They are the same for every caller (public
 * cache routes only), so a signed-in visitor's Authorization changes nothing.
 */
let firstAnswers: Map<string, unknown> | null = null;

function readFirstAnswers(): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  const block = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
  if (!block) return answers;
  block.remove();
  try {
    const parsed: unknown = JSON.parse(block.textContent ?? '');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      for (const [url, answer] of Object.entries(parsed)) answers.set(url, answer);
  } catch {
    // An unreadable block: every call asks the server.
  }
  return answers;
}

/** The page's answer to this GET, taken (it answers once), or undefined. */
function takeFirstAnswer(url: string): Envelope | undefined {
  firstAnswers ??= readFirstAnswers();
  if (firstAnswers.size === 0) return undefined;
  // A page whose script ran this late (a slow network, a tab restored): its answers may be old, ask afresh.
  if (performance.now() > FIRST_ANSWERS_MAX_AGE_MS) {
    firstAnswers.clear();
    return undefined;
  }
  const answer = firstAnswers.get(url);
  firstAnswers.delete(url);
  return isEnvelope(answer) && answer.code === 200 ? answer : undefined;
}

/** Forgets the page's answers, and reads the page again on the next call (tests). */
export function resetFirstAnswers(): void {
  firstAnswers = null;
}

/** A success with the envelope's msg, for the one flow that reads it (seed §4, card exchange). */
export interface WithMsg<T> {
  data: T;
  msg: string;
}

async function sendEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  init: { params?: QueryParams; body?: unknown },
  opts?: RequestOptions,
): Promise<WithMsg<T> | Failure> {
  const url = apiUrl(path, method === 'GET' ? init.params : undefined);
  const embedded = method === 'GET' ? takeFirstAnswer(url) : undefined;
  if (embedded) return { data: embedded.data as T, msg: typeof embedded.msg === 'string' ? embedded.msg : '' };

  const loading = opts?.loading !== false;
  const hasBody = method === 'POST' && init.body !== undefined;
  // A form (a photo upload) goes as it is: the browser writes its multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  if (loading) startLoading();

  let answer: Envelope;
  try {
    const res = await fetch(url, {
      method,
      headers: headers(hasBody && !isForm, opts?.headers),
      body: isForm ? (init.body as FormData) : hasBody ? JSON.stringify(init.body) : undefined,
      credentials: 'include',
      signal: controller.signal,
    });
    const parsed: unknown = await res.json();
    if (!isEnvelope(parsed)) throw new Error('not an envelope');
    answer = parsed;
  } catch {
    // Network failure, time-out or an unreadable answer: clear the toast, yield the marker silently.
    clearTimeout(timer);
    if (loading) stopLoading();
    return failure(0, '');
  }
  clearTimeout(timer);
  if (loading) stopLoading();

  if (answer.code === 200) return { data: answer.data as T, msg: typeof answer.msg === 'string' ? answer.msg : '' };
  return refused(path, answer, opts?.quiet);
}

/**
 * An answer other than 200 (seed §8): its msg as a failure toast unless `quiet`, and a 403 (except logout's) signs
 * out. Every call's, and the live stream's refusal of its token (lib/live.ts).
 */
export async function refused(path: string, answer: { code: number; msg?: unknown }, quiet = false): Promise<Failure> {
  const msg = typeof answer.msg === 'string' && answer.msg ? answer.msg : '操作未能完成，請稍後再試';
  if (!quiet) (toast ?? (await loadToast()))?.show({ icon: 'fail', content: msg });
  if (answer.code === 403 && path.replace(/^\/+/, '') !== LOGOUT_PATH) signOutLocally();
  return failure(answer.code, msg);
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  init: { params?: QueryParams; body?: unknown },
  opts?: RequestOptions,
): Promise<T | Failure> {
  const result = await sendEnvelope<T>(method, path, init, opts);
  return isFailure(result) ? result : result.data;
}

/** GET `/api/<path>?<params>`. */
export function get<T>(path: string, params?: QueryParams, opts?: RequestOptions): Promise<T | Failure> {
  return send<T>('GET', path, { params }, opts);
}

/** POST `/api/<path>` with a JSON body (none when `body` is undefined, e.g. user/logout). */
export function post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T | Failure> {
  return send<T>('POST', path, { body }, opts);
}

/** POST like `post`, answering the envelope's `msg` beside `data`. */
export function postWithMsg<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<WithMsg<T> | Failure> {
  return sendEnvelope<T>('POST', path, { body }, opts);
}

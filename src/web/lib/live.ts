import type { StreamMessage } from '../../shared/schemas/live';
import { readSession, subscribeStorage } from './auth-storage';
import { LANGUAGE_HEADERS, refused } from './request';

/**
 * Live updates (issue 23, docs/decisions/037-live-stream.md): one stream per tab (`GET /api/stream`), shared by
 * every subscriber, carrying the topics they follow and the signed-in user's own events. Read with fetch rather
 * than EventSource so the bearer token and the language go in headers, as every other call's do (never in a URL); a
 * token the server no longer knows is refused with the 403 that signs out, as any call's is (seed §8).
 * Reconnects with exponential backoff and jitter; after FAILURES_BEFORE_POLLING failures in a row, each topic's
 * `poll` (its existing endpoint) runs every POLL_MS until the stream is back.
 */

export type Handler = (event: StreamMessage['event']) => void;
export type Poll = () => Promise<StreamMessage['event'] | null>;

export const FAILURES_BEFORE_POLLING = 3;
export const POLL_MS = 15_000;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A topic list that changes within this long is one reconnect (a screen subscribing to two topics at once). */
const SETTLE_MS = 50;

/** The wait before reconnect attempt `failures` (1, 2…): doubling from 1 s to 30 s, jittered down by up to half. */
export function backoffMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Splits complete SSE blocks off `buffer`: the messages in them and what is left (an incomplete block). */
export function takeMessages(buffer: string): { messages: StreamMessage[]; rest: string } {
  const cut = buffer.lastIndexOf('\n\n');
  if (cut < 0) return { messages: [], rest: buffer };
  const messages: StreamMessage[] = [];
  for (const block of buffer.slice(0, cut).split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      messages.push(JSON.parse(data) as StreamMessage);
    } catch {
      // A damaged message is skipped; the next one carries the whole state again.
    }
  }
  return { messages, rest: buffer.slice(cut + 2) };
}

const topics = new Map<string, Set<{ handler: Handler; poll?: Poll }>>();
const userHandlers = new Set<Handler>();
let abort: AbortController | null = null;
let connectedKey = '';
let failures = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let unwatchSession: (() => void) | null = null;
/** Whether a stream is open and has sent its snapshots (`: ready`): events arrive, polling can slow down. */
let live = false;

/** Whether the tab's stream is up now (a screen that polls as the fallback polls less while it is). */
export const isStreamLive = () => live;

const tokenNow = () => readSession()?.token ?? null;
const wanted = () => {
  const token = userHandlers.size > 0 ? tokenNow() : null;
  return { list: [...topics.keys()].sort(), token };
};
const keyOf = (w: ReturnType<typeof wanted>) => `${w.list.join(',')}|${w.token ?? ''}`;

function dispatch(m: StreamMessage) {
  const targets = m.topic === 'user' ? [...userHandlers] : [...(topics.get(m.topic) ?? [])].map((s) => s.handler);
  for (const h of targets) h(m.event);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function startPolling() {
  if (pollTimer) return;
  const pollAll = () => {
    for (const [topic, subs] of topics) {
      for (const s of subs) {
        if (!s.poll) continue;
        void s.poll().then(
          (event) => event && dispatch({ topic, event }),
          () => undefined,
        );
        break;
      }
    }
  };
  pollAll();
  pollTimer = setInterval(pollAll, POLL_MS);
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void connect();
  }, ms);
}

function disconnect() {
  live = false;
  abort?.abort();
  abort = null;
  connectedKey = '';
}

async function connect() {
  // Never before the load event: the first screen's own files and calls go first (decision 017).
  if (typeof document !== 'undefined' && document.readyState !== 'complete') {
    window.addEventListener('load', () => schedule(SETTLE_MS), { once: true });
    return;
  }
  const w = wanted();
  const key = keyOf(w);
  if (w.list.length === 0 && !w.token) {
    disconnect();
    stopPolling();
    return;
  }
  if (abort && key === connectedKey) return;
  disconnect();
  const ctl = new AbortController();
  abort = ctl;
  connectedKey = key;
  let ready = false;
  try {
    const query = w.list.length ? `?topics=${encodeURIComponent(w.list.join(','))}` : '';
    const res = await fetch(`/api/stream${query}`, {
      headers: {
        accept: 'text/event-stream',
        ...LANGUAGE_HEADERS,
        ...(w.token ? { authorization: `Bearer ${w.token}` } : {}),
      },
      signal: ctl.signal,
      cache: 'no-store',
    });
    if (res.status === 403) {
      // Signed out here (the toast, storage, /login); the sign-out's storage change reconnects without the token.
      const body: unknown = await res.json().catch(() => null);
      if (abort === ctl) disconnect();
      await refused('stream', { code: 403, msg: (body as { msg?: unknown } | null)?.msg });
      return;
    }
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      if (!ready && buffer.includes(': ready')) {
        ready = true;
        live = true;
        failures = 0;
        stopPolling();
      }
      const taken = takeMessages(buffer);
      buffer = taken.rest;
      taken.messages.forEach(dispatch);
    }
  } catch {
    if (ctl.signal.aborted) return;
  }
  if (abort !== ctl) return;
  live = false;
  abort = null;
  connectedKey = '';
  // A stream that worked and was ended by the server (its lifetime): back at once, spread over a second.
  if (ready) return schedule(Math.round(Math.random() * 1_000));
  failures++;
  if (failures >= FAILURES_BEFORE_POLLING) startPolling();
  schedule(backoffMs(failures));
}

/** Reconnects when what is followed (or who is signed in) changed; closes when nothing is. */
function changed() {
  // While backing off, the attempt already due takes the new list; otherwise reconnect once the list settles.
  if (failures === 0 || timer === null) schedule(SETTLE_MS);
  const active = topics.size > 0 || userHandlers.size > 0;
  if (active && !unwatchSession) unwatchSession = subscribeStorage(() => schedule(SETTLE_MS));
  if (!active && unwatchSession) {
    unwatchSession();
    unwatchSession = null;
  }
}

/** Follows `topic` (`drop:<id>`, `product:<id>`, `queue.<kind>:<id>`); `poll` answers the same event from the API while the stream is down. */
export function subscribeTopic(topic: string, handler: Handler, poll?: Poll): () => void {
  let subs = topics.get(topic);
  if (!subs) topics.set(topic, (subs = new Set()));
  const sub = { handler, poll };
  subs.add(sub);
  changed();
  return () => {
    subs.delete(sub);
    if (subs.size === 0) topics.delete(topic);
    changed();
  };
}

/** The signed-in user's own events (`{type: 'notification', id, title, link}`…). */
export function subscribeUser(handler: Handler): () => void {
  userHandlers.add(handler);
  changed();
  return () => {
    userHandlers.delete(handler);
    changed();
  };
}

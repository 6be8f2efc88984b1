import { useEffect, useRef } from 'react';
import { pageLoaded } from './after-load';
import type * as LiveModule from './live';
import type { Handler, Poll } from './live';

/*
 * The screens' hooks on the live stream (lib/live.ts, decision 037). The stream's client is fetched once the page has
 * loaded: a detail screen a shared link opens shows its loaded figures first, and the stream never connects before the
 * load event anyway (decision 035).
 */
type Live = typeof LiveModule;

/** Runs `subscribe` once the stream's client is in (unless unmounted first); returns the cleanup. */
function whenLive(subscribe: (live: Live) => () => void): () => void {
  let off: (() => void) | undefined;
  let gone = false;
  void pageLoaded()
    .then(() => import('./live'))
    .then((live) => {
      if (!gone) off = subscribe(live);
    });
  return () => {
    gone = true;
    off?.();
  };
}

/** Calls the latest `handler` for every event of `topic` while mounted (null: none). */
export function useLiveTopic(topic: string | null, handler: Handler, poll?: Poll): void {
  const latest = useRef({ handler, poll });
  latest.current = { handler, poll };
  useEffect(() => {
    if (!topic) return;
    return whenLive((live) =>
      live.subscribeTopic(
        topic,
        (e) => latest.current.handler(e),
        () => latest.current.poll?.() ?? Promise.resolve(null),
      ),
    );
  }, [topic]);
}

/** Calls the latest `handler` for every event of the signed-in user while mounted (the notifications bell). */
export function useLiveUser(handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => whenLive((live) => live.subscribeUser((e) => latest.current(e))), []);
}

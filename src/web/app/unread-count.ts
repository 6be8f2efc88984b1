import { useSyncExternalStore } from 'react';
import { getUnreadCount } from '../api/get-unread-count';
import { readToken, subscribeStorage } from '../lib/auth-storage';
import { isFailure } from '../lib/request';
import { UNREAD_CHANGED } from '../lib/unread-events';

/** How often the count is asked while the page is shown; a new notification on the live stream asks at once. */
const POLL_MS = 60_000;

/**
 * The signed-in user's unread count, shared by the header's bell and the 我的 tab: asked once when the first of
 * them mounts, then every 60 s while the page is visible, when the window regains focus, when a screen marks
 * some read, and when the user signs in or out. Nothing is asked while signed out.
 */
let count = 0;
let asker: string | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function set(n: number) {
  if (n === count) return;
  count = n;
  listeners.forEach((l) => l());
}

async function refresh() {
  const token = readToken();
  asker = token;
  if (!token) return set(0);
  if (document.visibilityState === 'hidden') return;
  const res = await getUnreadCount();
  if (asker !== token || isFailure(res)) return;
  set(res.count);
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void refresh();
};
const onChanged = () => void refresh();
let unsubscribeStorage: (() => void) | null = null;
let unsubscribeLive: (() => void) | null = null;
let liveWanted = false;

/** The stream (decision 037) tells of each new notification: loaded apart, so the header's first load stays small. */
function listenLive() {
  liveWanted = true;
  void import('../lib/live').then(({ subscribeUser }) => {
    if (!liveWanted || unsubscribeLive) return;
    unsubscribeLive = subscribeUser((e) => {
      if (e.type === 'notification') void refresh();
    });
  });
}

function start() {
  void refresh();
  listenLive();
  timer = setInterval(() => void refresh(), POLL_MS);
  window.addEventListener('focus', onChanged);
  window.addEventListener(UNREAD_CHANGED, onChanged);
  document.addEventListener('visibilitychange', onVisible);
  unsubscribeStorage = subscribeStorage(onChanged);
}

function stop() {
  if (timer) clearInterval(timer);
  timer = null;
  window.removeEventListener('focus', onChanged);
  window.removeEventListener(UNREAD_CHANGED, onChanged);
  document.removeEventListener('visibilitychange', onVisible);
  unsubscribeStorage?.();
  unsubscribeStorage = null;
  liveWanted = false;
  unsubscribeLive?.();
  unsubscribeLive = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The unread count (0 signed out or before the first answer). */
export function useUnreadCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}

/** 「99+」 past the badge's limit. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

const signedIn = () => readToken() !== null;

/** Whether someone is signed in on this device (the bell shows only then). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeStorage, signedIn, () => false);
}

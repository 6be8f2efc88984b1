import { useEffect, useSyncExternalStore } from 'react';
import { WATCH_STATE_MAX_IDS } from '../../shared/constants';
import type { WatchKind } from '../../shared/schemas/watch';
import { getWatchState } from '../api/get-watch-state';
import { isFailure } from '../lib/request';

/**
 * What each ♡ on screen shows, per signed-in user: the ♡s of one render (a page of market rows) ask in one
 * `watch/state` call per kind, and a toggle updates every ♡ of the same target.
 */
const known = new Map<string, boolean>();
const listeners = new Set<() => void>();
const pending = new Map<WatchKind, Set<string>>();
let owner: string | null = null;
let flushQueued = false;

const keyOf = (kind: WatchKind, id: string) => `${kind}:${id}`;
const notify = () => listeners.forEach((l) => l());

/** Another user signed in (or out): forget the last one's state. */
function ownedBy(token: string | null) {
  if (token === owner) return;
  owner = token;
  known.clear();
  pending.clear();
}

async function flush() {
  flushQueued = false;
  const asked = [...pending.entries()];
  pending.clear();
  for (const [kind, idSet] of asked) {
    const ids = [...idSet];
    for (let i = 0; i < ids.length; i += WATCH_STATE_MAX_IDS) {
      const chunk = ids.slice(i, i + WATCH_STATE_MAX_IDS);
      const asker = owner;
      const res = await getWatchState(kind, chunk);
      if (isFailure(res) || asker !== owner) continue;
      const watched = new Set(res.watched);
      for (const id of chunk) known.set(keyOf(kind, id), watched.has(id));
    }
  }
  notify();
}

function ask(kind: WatchKind, id: string) {
  if (known.has(keyOf(kind, id))) return;
  const set = pending.get(kind) ?? new Set<string>();
  set.add(id);
  pending.set(kind, set);
  if (!flushQueued) {
    flushQueued = true;
    queueMicrotask(() => void flush());
  }
}

/** Records a target's state after a toggle (every ♡ of it follows). */
export function setWatched(kind: WatchKind, id: string, watched: boolean): void {
  known.set(keyOf(kind, id), watched);
  notify();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether the user (`token`) watches the target: undefined until known, false when signed out. */
export function useWatched(kind: WatchKind, id: string, token: string | null): boolean | undefined {
  ownedBy(token);
  useEffect(() => {
    if (token && id) ask(kind, id);
  }, [kind, id, token]);
  const value = useSyncExternalStore(subscribe, () => known.get(keyOf(kind, id)));
  return token ? value : false;
}

/** Forgets every state (tests). */
export function resetWatchState(): void {
  owner = null;
  known.clear();
  pending.clear();
}

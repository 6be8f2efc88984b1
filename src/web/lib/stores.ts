import { useSyncExternalStore } from 'react';
import type { SessionData, User } from '../../shared/schemas/auth';
import { readSession, readSessionRaw, subscribeStorage, writeSession } from './auth-storage';

type Listener = () => void;

/** A tiny store of named lists for one area (seed §3). */
export interface ListStore<K extends string> {
  // string[] (not K[]) so a store can be passed where a subset of its keys is expected.
  readonly keys: readonly string[];
  get(key: K): readonly unknown[];
  /** Stores a response's `data`; anything that is not an array is stored as an empty list. */
  set(key: K, data: unknown): void;
  /** Empties every list of the area (on sign-out: they belong to the previous user). */
  reset(): void;
  subscribe(listener: Listener): () => void;
}

const EMPTY: readonly unknown[] = Object.freeze([]);

export function createListStore<K extends string>(keys: readonly K[]): ListStore<K> {
  const lists = new Map<K, readonly unknown[]>(keys.map((k) => [k, EMPTY]));
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    keys,
    get: (key) => lists.get(key) ?? EMPTY,
    set(key, data) {
      lists.set(key, Array.isArray(data) ? data : EMPTY);
      emit();
    },
    reset() {
      for (const k of keys) lists.set(k, EMPTY);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Exactly the lists the seed names per area (§3); payment, payOrder, privacy, sms, user and userIdInfo hold none. */
export const stores = {
  address: createListStore(['addressList'] as const),
  article: createListStore(['list'] as const),
  banner: createListStore(['banner'] as const),
  card: createListStore(['unexchangedTheme', 'exchangedTheme', 'collection', 'marketBuyList'] as const),
  cardInfo: createListStore(['list', 'sellList', 'buyList'] as const),
  goods: createListStore(['otherList', 'entityList', 'marketBuyList'] as const),
  market: createListStore(['sellList', 'buyList', 'userList'] as const),
  product: createListStore(['otherList', 'entityList', 'sellList', 'buyList'] as const),
};

/** One list of an area, re-rendering when it changes. `T` is the row type the caller's schema gives. */
export function useList<T, K extends string>(store: ListStore<K>, key: K): readonly T[] {
  return useSyncExternalStore(store.subscribe, () => store.get(key)) as readonly T[];
}

export function resetListStores(): void {
  for (const store of Object.values(stores)) store.reset();
}

/* ---- The session store: the signed-in user, backed by the stored sign-in record. ---- */

let cachedRaw: string | null | undefined;
let cachedSession: SessionData | null = null;

function sessionSnapshot(): SessionData | null {
  const raw = readSessionRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
}

export const sessionStore = {
  get: sessionSnapshot,
  subscribe: subscribeStorage,
  /** Replaces the user in the stored record (after user/info or a profile change). */
  setUser(user: User): void {
    const session = readSession();
    if (session) writeSession({ ...session, user });
  },
};

/** The stored session (token, user, authority), or null for an anonymous visitor. */
export function useSession(): SessionData | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}

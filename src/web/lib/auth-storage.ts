import type { SessionData } from '../../shared/schemas/auth';

/** The sign-in record (seed §3): JSON with at least `token`, under a product-specific key. */
export const SESSION_KEY = 'trove.session';
/** The authority value: the user's role or permission names. */
export const AUTHORITY_KEY = 'trove.authority';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Told whenever the record or the authority changes, here or in another tab. */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === SESSION_KEY || event.key === AUTHORITY_KEY) notify();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored session, or null when there is none or it is unreadable. */
export function readSession(): SessionData | null {
  const raw = read(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as { token?: unknown }).token === 'string') {
      return value as SessionData;
    }
    return null;
  } catch {
    return null;
  }
}

/** The raw stored text, so React can tell whether the record changed without parsing it. */
export function readSessionRaw(): string | null {
  return read(SESSION_KEY);
}

export function readToken(): string | null {
  return readSession()?.token || null;
}

export function writeSession(data: SessionData): void {
  window.localStorage.setItem(SESSION_KEY, JSON.stringify(data));
  notify();
}

export function clearSession(): void {
  window.localStorage.removeItem(SESSION_KEY);
  notify();
}

/** The authority value as a list: a bare string is a one-element list (seed §3). */
export function readAuthority(): string[] {
  const raw = read(AUTHORITY_KEY);
  if (raw === null || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value ? [value] : [];
  return [];
}

export function writeAuthority(authority: string | readonly string[]): void {
  const list = typeof authority === 'string' ? [authority] : [...authority];
  window.localStorage.setItem(AUTHORITY_KEY, JSON.stringify(list));
  notify();
}

export function clearAuthority(): void {
  window.localStorage.removeItem(AUTHORITY_KEY);
  notify();
}

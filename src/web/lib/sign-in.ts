import type { SessionData } from '../../shared/schemas/auth';
import { writeAuthority, writeSession } from './auth-storage';
import { navigateTo } from './navigation';
import { safeReturnPath } from './return-path';

const RETURN_KEY = 'trove.returnTo';
// A screen left for the login more than this long ago is not where the user expects to land.
const RETURN_MAX_AGE_MS = 30 * 60_000;

/** The screen to go back to after signing in (set by `signInAndReturn`), taken once; null when none or stale. */
function takeReturnPath(): string | null {
  try {
    const raw = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    if (!raw) return null;
    const { to, at } = JSON.parse(raw) as { to?: unknown; at?: unknown };
    if (typeof at !== 'number' || Date.now() - at > RETURN_MAX_AGE_MS) return null;
    return safeReturnPath(to);
  } catch {
    return null;
  }
}

/**
 * Login, login by token, register and a signed-out card exchange: store the session, go back to the screen that
 * asked for it (`signInAndReturn`) or to "/" (seed §4).
 */
export function signIn(data: SessionData): void {
  writeSession(data);
  writeAuthority(data.authority);
  navigateTo(takeReturnPath() ?? '/', { replace: true });
}

/** Goes to "/login" and, once signed in, back to the screen the user is on (e.g. after tapping ♡ signed out). */
export function signInAndReturn(): void {
  try {
    const to = `${window.location.pathname}${window.location.search}`;
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ to, at: Date.now() }));
  } catch {
    // No session storage (private mode): the login goes to "/" as before.
  }
  navigateTo('/login');
}

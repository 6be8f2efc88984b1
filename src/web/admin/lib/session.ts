/**
 * The back office's own sign-in record, under its own key: signing in or out here never touches
 * the mobile app's session on the same origin (and the reverse).
 */
export const ADMIN_SESSION_KEY = 'trove.admin.session';

export interface AdminSession {
  token: string;
  user: { id: string; phone: string; nickname: string; roles: string[] };
}

export function readAdminSession(): AdminSession | null {
  try {
    const raw = window.localStorage.getItem(ADMIN_SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<AdminSession>;
    return typeof value.token === 'string' && value.user ? (value as AdminSession) : null;
  } catch {
    return null;
  }
}

export function writeAdminSession(session: AdminSession): void {
  window.localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
}

export function clearAdminSession(): void {
  try {
    window.localStorage.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

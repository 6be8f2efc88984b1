import { clearAuthority, clearSession } from './auth-storage';
import { navigateTo } from './navigation';
import { resetListStores } from './stores';

// Signing in is in sign-in.ts: only the screens that sign in load it, not the first screen.

/** Forgets the session on this device and goes to "/login" (after logout, or on a 403). */
export function signOutLocally(): void {
  clearSession();
  clearAuthority();
  resetListStores();
  navigateTo('/login', { replace: true });
}

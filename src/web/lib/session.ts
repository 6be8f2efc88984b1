import type { SessionData } from '../../shared/schemas/auth';
import { clearAuthority, clearSession, writeAuthority, writeSession } from './auth-storage';
import { navigateTo } from './navigation';
import { resetListStores } from './stores';

/** Login, login by token, register and a signed-out card exchange: store the session, go to "/" (seed §4). */
export function signIn(data: SessionData): void {
  writeSession(data);
  writeAuthority(data.authority);
  navigateTo('/', { replace: true });
}

/** Forgets the session on this device and goes to "/login" (after logout, or on a 403). */
export function signOutLocally(): void {
  clearSession();
  clearAuthority();
  resetListStores();
  navigateTo('/login', { replace: true });
}

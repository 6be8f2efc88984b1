import type { AuthProvider, HttpError } from '@refinedev/core';
import type { SessionData, User } from '../../../shared/schemas/auth';
import { call } from '../lib/api';
import { clearAdminSession, readAdminSession, writeAdminSession } from '../lib/session';

export const NO_ADMIN_MSG = '此帳戶沒有後台權限';
const ADMIN_ROLE = 'admin';

// user/info is asked at most this often while moving between screens; a revoked role shows within it.
const CHECK_EVERY_MS = 30_000;
let checkedAt = 0;

/** Signs a session out on the server too; a failure (already revoked) changes nothing here. */
async function revoke(): Promise<void> {
  try {
    await call('POST', '/api/user/logout');
  } catch {
    // The session is gone either way.
  }
}

/**
 * Sign-in with phone + SMS code (`/api/user/login`), a bearer token kept under the back office's own
 * key, roles from `/api/user/info`. A non-operator gets 此帳戶沒有後台權限 and no session is kept.
 */
export const authProvider: AuthProvider = {
  async login(params: { phone: string; code: string }) {
    try {
      const { data } = await call<SessionData>('POST', '/api/user/login', {
        body: { phone: params.phone, code: params.code },
      });
      writeAdminSession({
        token: data.token,
        user: { id: data.user.id, phone: data.user.phone, nickname: data.user.nickname, roles: data.authority },
      });
      if (!data.authority.includes(ADMIN_ROLE)) {
        await revoke();
        clearAdminSession();
        return { success: false, error: { name: NO_ADMIN_MSG, message: NO_ADMIN_MSG } };
      }
      checkedAt = Date.now();
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const message = (error as HttpError).message;
      return { success: false, error: { name: message, message } };
    }
  },

  async logout() {
    if (readAdminSession()) await revoke();
    clearAdminSession();
    checkedAt = 0;
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    const session = readAdminSession();
    if (!session) return { authenticated: false, redirectTo: '/login' };
    if (Date.now() - checkedAt < CHECK_EVERY_MS) return { authenticated: true };
    try {
      const { data } = await call<User>('GET', '/api/user/info');
      if (!data.roles.includes(ADMIN_ROLE)) {
        clearAdminSession();
        return {
          authenticated: false,
          redirectTo: '/login?denied=1',
          error: { name: NO_ADMIN_MSG, message: NO_ADMIN_MSG },
        };
      }
      writeAdminSession({
        ...session,
        user: { id: data.id, phone: data.phone, nickname: data.nickname, roles: data.roles },
      });
      checkedAt = Date.now();
      return { authenticated: true };
    } catch (error) {
      const status = (error as HttpError).statusCode;
      if (status === 403 || status === 401) {
        clearAdminSession();
        return { authenticated: false, redirectTo: '/login', logout: true };
      }
      // Network trouble: keep the operator signed in; the next call retries.
      return { authenticated: true };
    }
  },

  async onError(error: HttpError) {
    // 403 = the session is gone (signed out, disabled, revoked); an admin route answers 404 to non-operators.
    if (error?.statusCode === 403) {
      clearAdminSession();
      checkedAt = 0;
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },

  async getIdentity() {
    const session = readAdminSession();
    return session ? { id: session.user.id, name: session.user.nickname, phone: session.user.phone } : null;
  },

  async getPermissions() {
    return readAdminSession()?.user.roles ?? [];
  },
};

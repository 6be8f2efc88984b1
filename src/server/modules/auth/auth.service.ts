import { SESSION_IDLE_MS } from '../../../shared/constants';
import type { Deps } from '../../deps';
import { sha256 } from '../../adapters/ids';
import { createAuthRepository } from './auth.repository';

/** Who is calling: resolved from the bearer token on every API request. */
export interface Actor {
  userId: string;
  sessionId: string;
  roles: string[];
}

/** Refresh `lastUsedAt` at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 10 * 60_000;

export function createAuthService(deps: Deps) {
  const repo = createAuthRepository();
  return {
    /** The actor behind a bearer token, or null when the session is unknown, expired or revoked. */
    async authenticate(token: string): Promise<Actor | null> {
      const session = await repo.findSession(deps.db, sha256(token));
      if (!session || session.userStatus !== 'active') return null;
      const now = deps.clock.now();
      if (now >= session.expiresAt) return null;
      if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_IDLE_MS) return null;
      if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) await repo.touchSession(deps.db, session.id, now);
      return { userId: session.userId, sessionId: session.id, roles: session.roles };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

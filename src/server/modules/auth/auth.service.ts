import type { User } from '../../../shared/schemas/auth';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { createAuthRepository, type AuthRepository } from './auth.repository';
import { createSessions } from './auth-sessions';
import { createSignIn } from './auth-sign-in';
import { createUserAccounts, toUser } from './auth-users';
import { createSmsRepository, type SmsRepository } from './sms.repository';
import { createSmsCodeService } from './sms.service';

export type { SmsPurpose } from './sms.service';

// The caller's types live in src/shared (docs/decisions/026-layers.md); re-exported for the modules that name them from here.
export type { Actor, Operator } from '../../../shared/actor';
import type { Actor } from '../../../shared/actor';

/** The repositories auth works on: its users and sessions, and the SMS codes that sign them in. */
export interface AuthRepositories {
  auth: AuthRepository;
  sms: SmsRepository;
}

export { defaultNickname } from './auth-users';

/** Accounts and sessions (PRODUCT.md §4.1): sign-in codes, sessions, and the users' profiles and status. */
export function createAuthService(
  deps: Deps,
  /** A user's search doc follows their nickname (decision 031): the search service's `index`. */
  search: { index(db: Executor, kind: 'seller', ids: string[]): Promise<void> },
  repos: AuthRepositories = { auth: createAuthRepository(), sms: createSmsRepository() },
) {
  const nicknamed = (db: Executor, userId: string) => search.index(db, 'seller', [userId]);
  const repo = repos.auth;
  const adminPhones = new Set(deps.config.ADMIN_PHONES);
  const sessions = createSessions(deps, repo, adminPhones);
  const signIn = createSignIn(deps, repo, createSmsCodeService(deps, repos.sms), sessions, nicknamed);
  const accounts = createUserAccounts(deps, repo, sessions.sessionsChanged, adminPhones, nicknamed);
  // Opening a session is sign-in's step, not a call of its own.
  const { openSession: _internal, ...sessionCalls } = sessions;

  return {
    ...sessionCalls,
    ...signIn,
    ...accounts,

    /** The signed-in user's own profile; `verified` is the account module's to fill in (identity depends on auth). */
    async info(actor: Actor): Promise<User> {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      return toUser(user);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

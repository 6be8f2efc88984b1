import type { SessionData, User } from '../../../shared/schemas/auth';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import type { Actor } from './auth.service';
import type { AuthRepository } from './auth.repository';
import { DISABLED_MSG, type Sessions } from './auth-sessions';
import { defaultNickname, toUser, type NicknameIndexer } from './auth-users';
import type { SmsCodeService, SmsPurpose } from './sms.service';

const PHONE_TAKEN = '此手機號碼已被其他帳戶使用，請使用另一個號碼';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Sign-up, sign-in and the change of phone: everything that an SMS code (or its one-tap link) proves. */
export function createSignIn(
  deps: Deps,
  repo: AuthRepository,
  sms: SmsCodeService,
  sessions: Sessions,
  nicknamed: NicknameIndexer,
) {
  const { openSession, sessionsChanged } = sessions;

  return {
    /**
     * Sends a code to any number. The answer is the same whether or not it is registered; only
     * the SMS of a login code to a registered, active number also carries the one-tap link.
     */
    async sendSms(input: { phone: string; purpose: SmsPurpose; ip: string }) {
      let loginLink = false;
      if (input.purpose === 'login') {
        const user = await repo.findUserByPhone(deps.db, input.phone);
        loginLink = user?.status === 'active';
      }
      return sms.send({ ...input, loginLink });
    },

    /** Sends a code to the signed-in user's own phone, to re-check a sensitive action. */
    async sendAuthSms(actor: Actor, input: { purpose: SmsPurpose; ip: string }) {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      return sms.send({ phone: user.phone, purpose: input.purpose, ip: input.ip });
    },

    /** Checks and consumes an SMS code of this phone and purpose; throws a 400 saying why it failed. */
    verifySmsCode(input: { phone: string; purpose: SmsPurpose; code: string }): Promise<void> {
      return sms.verify(input);
    },

    /** Checks and consumes a code sent by `sms/authSend` to the signed-in user's own phone; a 400 saying why otherwise. */
    async verifyOwnSmsCode(actor: Actor, purpose: SmsPurpose, code: string): Promise<void> {
      const user = await repo.findUserById(deps.db, actor.userId);
      if (!user) throw notFound('找不到此帳戶');
      await sms.verify({ phone: user.phone, purpose, code });
    },

    /** Sign-up: the code first, so only the phone's owner learns whether it is registered. */
    async register(input: {
      phone: string;
      code: string;
      nickname?: string;
      userAgent?: string;
    }): Promise<SessionData> {
      await sms.verify({ phone: input.phone, purpose: 'register', code: input.code });
      if (await repo.findUserByPhone(deps.db, input.phone)) throw conflict('此手機號碼已註冊，請直接登入');
      const now = deps.clock.now();
      const user = await deps.db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          id: newId('usr'),
          phone: input.phone,
          nickname: input.nickname ?? defaultNickname(),
          createdAt: now,
          updatedAt: now,
        });
        if (row) await nicknamed(tx, row.id);
        return row;
      });
      if (!user) throw conflict('此手機號碼已註冊，請直接登入');
      deps.log.info({ userId: user.id }, 'user registered');
      return openSession(deps.db, user, input.userAgent);
    },

    /** Sign-in with an SMS code: the code first, then whether the number has an account. */
    async login(input: { phone: string; code: string; userAgent?: string }): Promise<SessionData> {
      await sms.verify({ phone: input.phone, purpose: 'login', code: input.code });
      const user = await repo.findUserByPhone(deps.db, input.phone);
      if (!user) throw invalid('此手機號碼尚未註冊，請先註冊');
      return openSession(deps.db, user, input.userAgent);
    },

    /** Sign-in with the one-tap link of a login SMS: single use, and it uses up that SMS's code. */
    async loginByToken(input: { token: string; userAgent?: string }): Promise<SessionData> {
      const outcome = await deps.db.transaction(async (tx) => {
        const used = await sms.useLoginTokenIn(tx, input.token);
        if (!used.ok) return used;
        const user = await repo.findUserByPhone(tx, used.value);
        if (!user) return { ok: false as const, msg: '此手機號碼尚未註冊，請先註冊' };
        if (user.status !== 'active') return { ok: false as const, msg: DISABLED_MSG };
        return { ok: true as const, value: await openSession(tx, user, input.userAgent) };
      });
      if (!outcome.ok) throw invalid(outcome.msg);
      return outcome.value;
    },

    /**
     * Moves the account to a new phone: a code sent to the current phone (`sms/authSend`,
     * change_phone_old) and one sent to the new phone (`sms/send`, change_phone). Both codes are
     * checked before either is used, and before anyone learns whether the new number is taken
     * (only its owner gets that far; whose it is is never said). Other sessions are revoked.
     */
    async changePhone(actor: Actor, input: { authCode: string; phone: string; code: string }): Promise<User> {
      const current = await repo.findUserById(deps.db, actor.userId);
      if (!current) throw notFound('找不到此帳戶');
      if (current.phone === input.phone) throw invalid('新手機號碼與目前的號碼相同');
      const outcome = await deps.db
        .transaction(async (tx) => {
          const old = await sms.verifyIn(
            tx,
            { phone: current.phone, purpose: 'change_phone_old', code: input.authCode },
            { consume: false },
          );
          if (!old.ok) return { ok: false as const, kind: 'invalid' as const, msg: `目前手機號碼的驗證碼：${old.msg}` };
          const fresh = await sms.verifyIn(
            tx,
            { phone: input.phone, purpose: 'change_phone', code: input.code },
            { consume: false },
          );
          if (!fresh.ok)
            return { ok: false as const, kind: 'invalid' as const, msg: `新手機號碼的驗證碼：${fresh.msg}` };
          await sms.consumeIn(tx, old.value);
          await sms.consumeIn(tx, fresh.value);
          if (await repo.findUserByPhone(tx, input.phone))
            return { ok: false as const, kind: 'conflict' as const, msg: PHONE_TAKEN };
          const now = deps.clock.now();
          const user = await repo.updateUser(tx, actor.userId, { phone: input.phone, updatedAt: now });
          if (!user) return { ok: false as const, kind: 'not_found' as const, msg: '找不到此帳戶' };
          const revoked = await repo.revokeOtherSessions(tx, actor.userId, actor.sessionId, now);
          sessionsChanged(actor.userId);
          deps.log.info({ userId: actor.userId, revoked }, 'phone changed, other sessions revoked');
          return { ok: true as const, user };
        })
        .catch((err: unknown) => {
          // Taken by a sign-up between the check and the update: the unique index refuses it.
          if (isUniqueViolation(err)) return { ok: false as const, kind: 'conflict' as const, msg: PHONE_TAKEN };
          throw err;
        });
      if (!outcome.ok) throw new AppError(outcome.kind, outcome.msg);
      return toUser(outcome.user);
    },
  };
}

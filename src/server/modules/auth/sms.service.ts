import { timingSafeEqual } from 'node:crypto';
import {
  LOGIN_TOKEN_TTL_MS,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
  SMS_PER_PHONE_PER_DAY,
  SMS_PER_PHONE_PER_HOUR,
  SMS_RESEND_AFTER_MS,
} from '../../../shared/constants';
import { maskPhone } from '../../../shared/phone';
import type { AUTH_SMS_PURPOSES, SMS_PURPOSES } from '../../../shared/schemas/auth';
import { newId, newSecretToken, randomDigits, sha256 } from '../../adapters/ids';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, invalid, rateLimited } from '../../errors';
import { createSmsRepository, type SmsRepository } from './sms.repository';

export type SmsPurpose = (typeof SMS_PURPOSES)[number] | (typeof AUTH_SMS_PURPOSES)[number];

/** What the code is for, as the SMS names it: 「你的{登入}驗證碼是…」. */
const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: '登入',
  register: '註冊',
  exchange: '兌換卡牌',
  change_phone: '更換手機號碼',
  payment: '設定收款帳戶',
  withdraw: '提取款項',
  change_phone_old: '更換手機號碼',
};

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A failure decided inside a transaction, thrown only after it commits (so wrong tries are kept). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; msg: string };
const fail = (msg: string): { ok: false; msg: string } => ({ ok: false, msg });

export interface SendInput {
  phone: string;
  purpose: SmsPurpose;
  ip: string;
  /** Add a one-tap login link (login codes of registered, active numbers only). */
  loginLink?: boolean;
}

/** SMS codes and the one-tap login links sent with them (PRODUCT.md §3, §4.1, §7). */
export function createSmsCodeService(deps: Deps, repo: SmsRepository = createSmsRepository()) {
  const hashCode = (id: string, code: string) => deps.keys.hmac('smsCode', `${id}:${code}`);
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    /**
     * Sends a new code (revoking the older one of the same phone and purpose), after the resend
     * cooldown and the per-phone and per-IP limits, all counted in the database under a lock.
     */
    async send(input: SendInput): Promise<{ resendAfterSeconds: number }> {
      const now = deps.clock.now();
      const id = newId('sms');
      const code = randomDigits(SMS_CODE_LENGTH);
      const token = input.loginLink ? newSecretToken() : null;
      const refusal = await deps.db.transaction(async (tx) => {
        await repo.lockSender(tx, input.phone, input.ip);
        if (
          (await repo.countForPhoneSince(tx, input.phone, new Date(now.getTime() - DAY_MS))) >= SMS_PER_PHONE_PER_DAY
        ) {
          return '此手機號碼今日獲取驗證碼的次數已達上限，請明天再試';
        }
        if (
          (await repo.countForPhoneSince(tx, input.phone, new Date(now.getTime() - HOUR_MS))) >= SMS_PER_PHONE_PER_HOUR
        ) {
          return '此手機號碼獲取驗證碼過於頻繁，請一小時後再試';
        }
        if (
          (await repo.countForIpSince(tx, input.ip, new Date(now.getTime() - HOUR_MS))) >=
          deps.config.SMS_PER_IP_PER_HOUR
        ) {
          return '你的網絡獲取驗證碼過於頻繁，請一小時後再試';
        }
        const last = await repo.lastSentAt(tx, input.phone, input.purpose);
        const waitMs = last ? SMS_RESEND_AFTER_MS - (now.getTime() - last.getTime()) : 0;
        if (waitMs > 0) return `請於 ${Math.ceil(waitMs / 1000)} 秒後再獲取驗證碼`;

        await repo.revokeOpen(tx, input.phone, input.purpose, now);
        await repo.insertCode(tx, {
          id,
          phone: input.phone,
          purpose: input.purpose,
          codeHash: hashCode(id, code),
          ip: input.ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
        });
        if (token) {
          await repo.insertLoginToken(tx, {
            id: newId('ltk'),
            tokenHash: sha256(token),
            phone: input.phone,
            smsCodeId: id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MS),
          });
        }
        return null;
      });
      if (refusal) throw rateLimited(refusal);

      let body = `【Trove 寶庫】你的${PURPOSE_TEXT[input.purpose]}驗證碼是 ${code}，${SMS_CODE_TTL_MS / 60_000} 分鐘內有效。請勿向任何人透露。`;
      if (token)
        body += `\n一按登入（${LOGIN_TOKEN_TTL_MS / 60_000} 分鐘內有效）：${deps.config.publicUrl}/login?token=${token}`;
      try {
        await deps.sms.send({ to: input.phone, body });
      } catch (err) {
        await repo.revokeCode(deps.db, id, deps.clock.now());
        // The gateway's own message may quote the number, so only its code goes to the log.
        const e = err as { code?: unknown; status?: unknown; name?: unknown };
        deps.log.error(
          {
            gatewayError: { name: e.name, code: e.code, status: e.status },
            purpose: input.purpose,
            phone: maskPhone(input.phone),
          },
          'sms send failed',
        );
        throw new AppError('unavailable', '短訊發送失敗，請稍後再試');
      }
      deps.log.info(
        { purpose: input.purpose, phone: maskPhone(input.phone), loginLink: Boolean(token) },
        'sms code sent',
      );
      return { resendAfterSeconds: SMS_RESEND_AFTER_MS / 1000 };
    },

    /**
     * Checks the newest code of this phone and purpose inside `tx`; a wrong try is counted. Consumes
     * it unless `consume` is false (then `consumeIn` with the answered id, once every check passed).
     */
    async verifyIn(
      tx: Tx,
      input: { phone: string; purpose: SmsPurpose; code: string },
      opts: { consume?: boolean } = {},
    ): Promise<Outcome<string>> {
      const now = deps.clock.now();
      const row = await repo.latestCodeForUpdate(tx, input.phone, input.purpose);
      if (!row) return fail('請先獲取驗證碼');
      if (row.consumedAt) return fail('驗證碼已使用，請重新獲取');
      if (row.revokedAt)
        return fail(
          row.attempts >= SMS_CODE_MAX_TRIES
            ? '驗證碼錯誤次數過多，已失效，請重新獲取'
            : '驗證碼已失效，請使用最新收到的驗證碼或重新獲取',
        );
      if (now >= row.expiresAt) return fail('驗證碼已過期，請重新獲取');
      if (!sameHash(row.codeHash, hashCode(row.id, input.code))) {
        const left = SMS_CODE_MAX_TRIES - (row.attempts + 1);
        await repo.recordFailure(tx, row.id, left <= 0 ? now : null);
        return fail(left > 0 ? `驗證碼錯誤，還可以再試 ${left} 次` : '驗證碼錯誤次數過多，已失效，請重新獲取');
      }
      if (opts.consume !== false) await this.consumeIn(tx, row.id);
      return { ok: true, value: row.id };
    },

    /** Uses up a code checked with `verifyIn(…, { consume: false })`, and the login link sent with it. */
    async consumeIn(tx: Tx, codeId: string): Promise<void> {
      const now = deps.clock.now();
      await repo.consumeCode(tx, codeId, now);
      await repo.useLoginTokensOfCode(tx, codeId, now);
    },

    /** Checks and consumes a code in its own transaction; throws a 400 with the reason. */
    async verify(input: { phone: string; purpose: SmsPurpose; code: string }): Promise<void> {
      const outcome = await deps.db.transaction((tx) => this.verifyIn(tx, input));
      if (!outcome.ok) throw invalid(outcome.msg);
    },

    /** Uses a one-tap login token inside `tx` (and the code sent with it); answers its phone. */
    async useLoginTokenIn(tx: Tx, token: string): Promise<Outcome<string>> {
      const now = deps.clock.now();
      const row = await repo.loginTokenForUpdate(tx, sha256(token));
      if (!row) return fail('登入連結無效，請重新獲取驗證碼');
      if (row.usedAt) return fail('此登入連結已使用，請重新獲取驗證碼');
      if (now >= row.expiresAt) return fail('登入連結已過期，請重新獲取驗證碼');
      if (row.smsCodeId) {
        const code = await repo.codeForUpdate(tx, row.smsCodeId);
        if (code?.consumedAt) return fail('此登入連結已使用，請重新獲取驗證碼');
        if (code?.revokedAt) return fail('登入連結已失效，請使用最新收到的短訊或重新獲取驗證碼');
        await repo.consumeCode(tx, row.smsCodeId, now);
      }
      await repo.useLoginToken(tx, row.id, now);
      return { ok: true, value: row.phone };
    },
  };
}
export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

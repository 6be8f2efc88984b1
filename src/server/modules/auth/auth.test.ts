import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SessionData, User } from '../../../shared/schemas/auth';
import { loginTokens, sessions, smsCodes, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let seq = 0;
/** A fresh, valid Hong Kong mobile number (92xxxxxx) for each test. */
const freshPhone = () => `+8529${String(2000000 + ++seq).padStart(7, '0')}`;
/** A fresh client address, so the per-IP limit of one test never touches another. */
const freshIp = () => `198.51.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

describe('sign-up and sign-in API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function send(phone: string, purpose: string, ip = freshIp()) {
    return t.call<{ resendAfterSeconds: number }>('POST', 'sms/send', { body: { phone, purpose }, ip });
  }
  async function codeFor(phone: string, purpose: string) {
    const res = await send(phone, purpose);
    expect(res).toMatchObject({ status: 200, code: 200 });
    return t.sms.lastCode(phone);
  }
  async function signUp(phone = freshPhone(), nickname?: string): Promise<SessionData> {
    const code = await codeFor(phone, 'register');
    const res = await t.call<SessionData>('POST', 'user/register', {
      body: { phone, code, agreePrivacy: true, ...(nickname ? { nickname } : {}) },
    });
    expect(res).toMatchObject({ status: 200, code: 200 });
    return res.data;
  }
  const login = (phone: string, code: string) => t.call<SessionData>('POST', 'user/login', { body: { phone, code } });
  const info = (token?: string) => t.call<User>('GET', 'user/info', { token });

  describe('sms/send', () => {
    it('sends a 6-digit zh-HK code, stored only as a keyed hash, with the same answer for registered and unregistered numbers', async () => {
      const registered = freshPhone();
      await signUp(registered);
      const unregistered = freshPhone();

      const a = await send(registered, 'login');
      const b = await send(unregistered, 'login');
      expect(a).toEqual(b);
      expect(a).toEqual({ status: 200, code: 200, msg: '驗證碼已發送', data: { resendAfterSeconds: 60 } });

      const body = t.sms.last(unregistered)!.body;
      expect(body).toMatch(/^【Trove 寶庫】你的登入驗證碼是 \d{6}，5 分鐘內有效。請勿向任何人透露。$/);
      const code = t.sms.lastCode(unregistered);
      const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, unregistered));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.codeHash).not.toContain(code);
      expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(5 * MIN);
    });

    it('adds a one-tap login link only to the login SMS of a registered number', async () => {
      const phone = freshPhone();
      await signUp(phone);
      expect(t.sms.lastLoginToken(phone)).toBeUndefined(); // the register SMS has none
      await send(phone, 'login');
      const body = t.sms.last(phone)!.body;
      const token = t.sms.lastLoginToken(phone)!;
      expect(body).toContain(`${t.config.publicUrl}/login?token=${token}`);
      expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
      const stored = await t.db.select().from(loginTokens).where(eq(loginTokens.phone, phone));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(token);
      expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(10 * MIN);

      const stranger = freshPhone();
      await send(stranger, 'login');
      expect(t.sms.lastLoginToken(stranger)).toBeUndefined();
    });

    it('refuses a resend within 60 seconds for the same phone and purpose, saying how long to wait', async () => {
      const phone = freshPhone();
      await codeFor(phone, 'login');
      const again = await send(phone, 'login');
      expect(again).toMatchObject({ status: 429, code: 429, msg: '請於 60 秒後再獲取驗證碼', data: null });
      t.clock.advance(45_000);
      expect((await send(phone, 'login')).msg).toBe('請於 15 秒後再獲取驗證碼');
      expect((await send(phone, 'register')).code).toBe(200); // another purpose has its own cooldown
      t.clock.advance(15_000);
      expect((await send(phone, 'login')).code).toBe(200);
    });

    it('allows at most 5 codes per phone per hour', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 5; i++) {
        expect((await send(phone, 'login')).code).toBe(200);
        t.clock.advance(MIN);
      }
      const refused = await send(phone, 'login');
      expect(refused).toMatchObject({ status: 429, code: 429, msg: '此手機號碼獲取驗證碼過於頻繁，請一小時後再試' });
      expect((await send(phone, 'register')).code).toBe(429); // counted per phone, whatever the purpose
      t.clock.advance(HOUR - 4 * MIN);
      expect((await send(phone, 'login')).code).toBe(200);
    });

    it('allows at most 10 codes per phone per day', async () => {
      const phone = freshPhone();
      for (let hour = 0; hour < 2; hour++) {
        for (let i = 0; i < 5; i++) {
          expect((await send(phone, 'login')).code).toBe(200);
          t.clock.advance(MIN);
        }
        t.clock.advance(HOUR);
      }
      const refused = await send(phone, 'login');
      expect(refused).toMatchObject({
        status: 429,
        code: 429,
        msg: '此手機號碼今日獲取驗證碼的次數已達上限，請明天再試',
      });
      t.clock.advance(DAY - 2 * HOUR);
      expect((await send(phone, 'login')).code).toBe(200);
    });

    it('allows at most 20 codes per IP address per hour', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await send(freshPhone(), 'register', ip)).code).toBe(200);
      const refused = await send(freshPhone(), 'register', ip);
      expect(refused).toMatchObject({ status: 429, code: 429, msg: '你的網絡獲取驗證碼過於頻繁，請一小時後再試' });
      expect((await send(freshPhone(), 'register', freshIp())).code).toBe(200);
      t.clock.advance(HOUR);
      expect((await send(freshPhone(), 'register', ip)).code).toBe(200);
    });

    it('revokes the older code when a newer one is sent', async () => {
      const phone = freshPhone();
      const first = await codeFor(phone, 'register');
      t.clock.advance(MIN);
      const second = await codeFor(phone, 'register');
      if (first !== second) {
        const old = await t.call('POST', 'user/register', { body: { phone, code: first, agreePrivacy: true } });
        expect(old).toMatchObject({ status: 400, msg: '驗證碼錯誤，還可以再試 4 次' });
      }
      const older = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.createdAt);
      expect(older[0]!.revokedAt).not.toBeNull();
      expect(older[1]!.revokedAt).toBeNull();
      expect((await t.call('POST', 'user/register', { body: { phone, code: second, agreePrivacy: true } })).code).toBe(
        200,
      );
    });

    it('answers 503 and revokes the code when the SMS gateway fails', async () => {
      const phone = freshPhone();
      const original = t.sms.send.bind(t.sms);
      t.sms.send = async () => {
        throw Object.assign(new Error(`cannot reach ${phone}`), { code: 'ECONNREFUSED' });
      };
      try {
        const res = await send(phone, 'login');
        expect(res).toEqual({ status: 503, code: 503, msg: '短訊發送失敗，請稍後再試', data: null });
      } finally {
        t.sms.send = original;
      }
      const rows = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(rows[0]!.revokedAt).not.toBeNull();
    });
  });

  describe('sms/authSend', () => {
    it('sends a code to the signed-in user’s own phone, and needs a session', async () => {
      const phone = freshPhone();
      const session = await signUp(phone);
      const res = await t.call('POST', 'sms/authSend', {
        body: { purpose: 'payment' },
        token: session.token,
        ip: freshIp(),
      });
      expect(res).toEqual({ status: 200, code: 200, msg: '驗證碼已發送', data: { resendAfterSeconds: 60 } });
      expect(t.sms.last(phone)!.body).toContain('你的設定收款帳戶驗證碼是');
      const code = t.sms.lastCode(phone);
      await expect(t.app.services.auth.verifySmsCode({ phone, purpose: 'payment', code })).resolves.toBeUndefined();

      const again = await t.call('POST', 'sms/authSend', {
        body: { purpose: 'payment' },
        token: session.token,
        ip: freshIp(),
      });
      expect(again.code).toBe(429);
      expect((await t.call('POST', 'sms/authSend', { body: { purpose: 'payment' } })).code).toBe(403);
      const bad = await t.call('POST', 'sms/authSend', { body: { purpose: 'login' }, token: session.token });
      expect(bad).toMatchObject({ status: 400, msg: '驗證碼用途不正確' });
    });
  });

  describe('user/register', () => {
    it('creates the account with a default nickname and answers session data', async () => {
      const phone = '+85292004567';
      const session = await signUp(phone);
      expect(session.token.length).toBeGreaterThanOrEqual(43);
      expect(session.authority).toEqual(['user']);
      expect(session.user).toMatchObject({
        phone,
        phoneMasked: '+852 9***4567',
        verified: false,
        roles: ['user'],
        avatar: null,
        bio: '',
      });
      // Nicknames are public (card owners): the default says nothing about the phone.
      expect(session.user.nickname).toMatch(/^收藏家[0-9A-Z]{6}$/);
      expect(session.user.nickname).not.toMatch(/4567|0045|2004/);
      expect((await signUp('+85292014567')).user.nickname).not.toBe(session.user.nickname);
      const me = await info(session.token);
      expect(me).toMatchObject({ status: 200, code: 200, data: session.user });
      const stored = await t.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.userId, session.user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toBe(session.token);
    });

    it('accepts a national number and a chosen nickname', async () => {
      const national = `9${String(2100000 + ++seq)}`;
      const phone = `+852${national}`;
      const code = await codeFor(phone, 'register');
      const res = await t.call<SessionData>('POST', 'user/register', {
        body: { phone: national, code, nickname: ' 卡迷阿明 ', agreePrivacy: true },
      });
      expect(res.code).toBe(200);
      expect(res.data.user).toMatchObject({ phone, nickname: '卡迷阿明' });
    });

    it('checks the code before telling that the number is registered', async () => {
      const phone = freshPhone();
      await signUp(phone);
      t.clock.advance(MIN);
      const code = await codeFor(phone, 'register');
      const wrong = await t.call('POST', 'user/register', {
        body: { phone, code: code === '000000' ? '111111' : '000000', agreePrivacy: true },
      });
      expect(wrong).toMatchObject({ status: 400, code: 400, msg: '驗證碼錯誤，還可以再試 4 次' });
      const twice = await t.call('POST', 'user/register', { body: { phone, code, agreePrivacy: true } });
      expect(twice).toEqual({ status: 409, code: 409, msg: '此手機號碼已註冊，請直接登入', data: null });
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).toHaveLength(1);
    });

    it('rejects a code sent for another purpose', async () => {
      const phone = freshPhone();
      const code = await codeFor(phone, 'login');
      const res = await t.call('POST', 'user/register', { body: { phone, code, agreePrivacy: true } });
      expect(res).toMatchObject({ status: 400, msg: '請先獲取驗證碼' });
    });
  });

  describe('user/login and SMS codes', () => {
    it('signs in a registered number', async () => {
      const phone = freshPhone();
      const first = await signUp(phone);
      const res = await login(phone, await codeFor(phone, 'login'));
      expect(res).toMatchObject({ status: 200, code: 200 });
      expect(res.data.user.id).toBe(first.user.id);
      expect(res.data.token).not.toBe(first.token);
      expect((await info(res.data.token)).code).toBe(200);
    });

    it('refuses an unregistered number only after the code is verified', async () => {
      const phone = freshPhone();
      const code = await codeFor(phone, 'login');
      expect((await login(phone, code === '123456' ? '654321' : '123456')).msg).toBe('驗證碼錯誤，還可以再試 4 次');
      expect(await login(phone, code)).toEqual({
        status: 400,
        code: 400,
        msg: '此手機號碼尚未註冊，請先註冊',
        data: null,
      });
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).toHaveLength(0);
    });

    it('expires a code after 5 minutes', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const code = await codeFor(phone, 'login');
      t.clock.advance(5 * MIN - 1000);
      const early = freshPhone();
      await signUp(early);
      const earlyCode = await codeFor(early, 'login');
      t.clock.advance(5 * MIN - 1);
      expect((await login(early, earlyCode)).code).toBe(200); // 1 ms before its expiry
      expect(await login(phone, code)).toEqual({ status: 400, code: 400, msg: '驗證碼已過期，請重新獲取', data: null });
    });

    it('uses a code once', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const code = await codeFor(phone, 'login');
      expect((await login(phone, code)).code).toBe(200);
      expect(await login(phone, code)).toEqual({ status: 400, code: 400, msg: '驗證碼已使用，請重新獲取', data: null });
    });

    it('revokes a code after 5 wrong tries', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const code = await codeFor(phone, 'login');
      const wrong = code === '999999' ? '999998' : '999999';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) messages.push((await login(phone, wrong)).msg);
      expect(messages).toEqual([
        '驗證碼錯誤，還可以再試 4 次',
        '驗證碼錯誤，還可以再試 3 次',
        '驗證碼錯誤，還可以再試 2 次',
        '驗證碼錯誤，還可以再試 1 次',
        '驗證碼錯誤次數過多，已失效，請重新獲取',
      ]);
      expect(await login(phone, code)).toEqual({
        status: 400,
        code: 400,
        msg: '驗證碼錯誤次數過多，已失效，請重新獲取',
        data: null,
      });
      t.clock.advance(MIN);
      expect((await login(phone, await codeFor(phone, 'login'))).code).toBe(200);
    });

    it('asks for a code when none was sent', async () => {
      expect(await login(freshPhone(), '123456')).toEqual({
        status: 400,
        code: 400,
        msg: '請先獲取驗證碼',
        data: null,
      });
    });
  });

  describe('user/loginByToken', () => {
    async function linkFor(phone: string) {
      await codeFor(phone, 'login');
      return { token: t.sms.lastLoginToken(phone)!, code: t.sms.lastCode(phone) };
    }
    const byToken = (token: string) => t.call<SessionData>('POST', 'user/loginByToken', { body: { token } });

    it('signs in once with the link, which also uses up the code of the same SMS', async () => {
      const phone = freshPhone();
      const registered = await signUp(phone);
      const { token, code } = await linkFor(phone);
      const res = await byToken(token);
      expect(res).toMatchObject({
        status: 200,
        code: 200,
        data: { user: { id: registered.user.id }, authority: ['user'] },
      });
      expect((await info(res.data.token)).code).toBe(200);
      expect(await byToken(token)).toEqual({
        status: 400,
        code: 400,
        msg: '此登入連結已使用，請重新獲取驗證碼',
        data: null,
      });
      expect((await login(phone, code)).msg).toBe('驗證碼已使用，請重新獲取');
    });

    it('is used up when the code of the same SMS signs in first', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const { token, code } = await linkFor(phone);
      expect((await login(phone, code)).code).toBe(200);
      expect((await byToken(token)).msg).toBe('此登入連結已使用，請重新獲取驗證碼');
    });

    it('expires after 10 minutes', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const { token } = await linkFor(phone);
      t.clock.advance(10 * MIN);
      expect(await byToken(token)).toEqual({
        status: 400,
        code: 400,
        msg: '登入連結已過期，請重新獲取驗證碼',
        data: null,
      });
    });

    it('still works after the code’s 5 minutes, within its 10', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const { token } = await linkFor(phone);
      t.clock.advance(9 * MIN);
      expect((await byToken(token)).code).toBe(200);
    });

    it('is revoked by a newer SMS and refuses unknown tokens', async () => {
      const phone = freshPhone();
      await signUp(phone);
      const { token } = await linkFor(phone);
      t.clock.advance(MIN);
      const newer = await linkFor(phone);
      expect((await byToken(token)).msg).toBe('登入連結已失效，請使用最新收到的短訊或重新獲取驗證碼');
      expect((await byToken(newer.token)).code).toBe(200);
      expect(await byToken('x'.repeat(43))).toEqual({
        status: 400,
        code: 400,
        msg: '登入連結無效，請重新獲取驗證碼',
        data: null,
      });
      expect((await byToken('short')).msg).toBe('登入連結無效');
    });
  });

  describe('sessions', () => {
    it('looks up many sessions asked about at once (one batch) and answers each caller as themselves', async () => {
      const people = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(freshPhone(), `同時${i}`)));
      const signedOut = await signUp();
      expect((await t.call('POST', 'user/logout', { token: signedOut.token })).status).toBe(200);
      // Sent together, known, unknown and signed-out tokens mixed, some twice: each answer is its own caller's.
      const tokens = [
        ...people.map((p) => p.token),
        'not-a-real-token',
        signedOut.token,
        people[0]!.token,
        people[3]!.token,
      ];
      const answers = await Promise.all(tokens.map((token) => info(token)));
      expect(answers.map((a) => (a.status === 200 ? a.data.nickname : a.status))).toEqual([
        ...people.map((p) => p.user.nickname),
        403,
        403,
        '同時0',
        '同時3',
      ]);
    });

    it('answers 403 without a token or with a bad one', async () => {
      expect(await info()).toEqual({ status: 403, code: 403, msg: '請先登入', data: null });
      expect(await info('not-a-real-token')).toEqual({ status: 403, code: 403, msg: '請先登入', data: null });
      const res = await t.call('GET', 'user/info', { headers: { authorization: 'Basic abc' } });
      expect(res.status).toBe(403);
    });

    it('expires after 30 idle days', async () => {
      const { token } = await signUp();
      t.clock.advance(29 * DAY);
      expect((await info(token)).code).toBe(200); // use refreshes the idle timer
      t.clock.advance(30 * DAY - 1000);
      expect((await info(token)).code).toBe(200);
      t.clock.advance(30 * DAY);
      expect((await info(token)).code).toBe(403);
    });

    it('expires 90 days after sign-in however often it is used', async () => {
      const { token } = await signUp();
      for (let day = 0; day < 80; day += 20) {
        t.clock.advance(20 * DAY);
        expect((await info(token)).code).toBe(200);
      }
      t.clock.advance(10 * DAY - 1000);
      expect((await info(token)).code).toBe(200);
      t.clock.advance(1000);
      expect((await info(token)).code).toBe(403);
    });

    it('logout revokes the session', async () => {
      const phone = freshPhone();
      const a = await signUp(phone);
      const b = await login(phone, await codeFor(phone, 'login'));
      const res = await t.call('POST', 'user/logout', { token: a.token });
      expect(res).toEqual({ status: 200, code: 200, msg: '已登出', data: null });
      expect((await info(a.token)).code).toBe(403);
      expect((await t.call('POST', 'user/logout', { token: a.token })).code).toBe(403);
      expect((await info(b.data.token)).code).toBe(200); // other sessions stay
      expect((await t.call('POST', 'user/logout')).code).toBe(403);
      const revoked = await t.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, a.user.id));
      expect(revoked.filter((s) => s.revokedAt !== null)).toHaveLength(1);
    });

    it('logout accepts a JSON request without a body and rejects unknown fields', async () => {
      const { token } = await signUp();
      const odd = await t.call('POST', 'user/logout', { token, body: { all: true } });
      expect(odd).toMatchObject({ status: 400, msg: '不接受的欄位：all' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect((await info(token)).code).toBe(403);
    });

    it('disabling a user revokes every session and refuses sign-in', async () => {
      const phone = freshPhone();
      const a = await signUp(phone);
      const b = await login(phone, await codeFor(phone, 'login'));
      t.clock.advance(MIN);
      await send(phone, 'login');
      const link = t.sms.lastLoginToken(phone)!;
      await t.app.services.auth.disableUser(a.user.id);

      expect((await info(a.token)).code).toBe(403);
      expect((await info(b.data.token)).code).toBe(403);
      const live = await t.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, a.user.id));
      expect(live.every((s) => s.revokedAt !== null)).toBe(true);

      expect(await t.call('POST', 'user/loginByToken', { body: { token: link } })).toEqual({
        status: 400,
        code: 400,
        msg: '此帳戶已被停用，如有疑問請聯絡客服',
        data: null,
      });
      t.clock.advance(MIN);
      const code = await codeFor(phone, 'login');
      expect(t.sms.lastLoginToken(phone)).toBeUndefined(); // no link for a disabled account
      expect(await login(phone, code)).toEqual({
        status: 409,
        code: 409,
        msg: '此帳戶已被停用，如有疑問請聯絡客服',
        data: null,
      });
      await expect(t.app.services.auth.startSession(a.user.id)).rejects.toMatchObject({ kind: 'conflict' });
      await expect(t.app.services.auth.disableUser('usr_nobody')).rejects.toMatchObject({ kind: 'not_found' });
    });
  });

  describe('service methods for other modules', () => {
    it('verifySmsCode, ensureUser and startSession', async () => {
      const { auth } = t.app.services;
      const phone = freshPhone();
      const code = await codeFor(phone, 'exchange');
      expect(t.sms.last(phone)!.body).toContain('你的兌換卡牌驗證碼是');
      await expect(
        auth.verifySmsCode({ phone, purpose: 'exchange', code: code === '000000' ? '000001' : '000000' }),
      ).rejects.toMatchObject({ kind: 'invalid', message: '驗證碼錯誤，還可以再試 4 次' });
      await auth.verifySmsCode({ phone, purpose: 'exchange', code });
      await expect(auth.verifySmsCode({ phone, purpose: 'exchange', code })).rejects.toMatchObject({
        kind: 'invalid',
        message: '驗證碼已使用，請重新獲取',
      });

      const created = await auth.ensureUser(phone);
      expect(created.created).toBe(true);
      expect(await auth.ensureUser(phone)).toEqual({ id: created.id, created: false });
      const session = await auth.startSession(created.id, 'vitest');
      expect(session.user.id).toBe(created.id);
      expect(session.user.nickname).toMatch(/^收藏家[0-9A-Z]{6}$/);
      expect(session.user.nickname).not.toContain(phone.slice(-4));
      expect((await info(session.token)).data.id).toBe(created.id);
    });
  });

  describe('bad input', () => {
    it.each([
      ['unknown field', 'sms/send', { phone: '91234567', purpose: 'login', extra: 1 }, '不接受的欄位：extra'],
      ['missing phone', 'sms/send', { purpose: 'login' }, '請輸入手機號碼'],
      ['empty phone', 'user/login', { phone: ' ', code: '123456' }, '請輸入手機號碼'],
      ['bad phone', 'sms/send', { phone: '12345', purpose: 'login' }, '請輸入有效的香港、澳門或中國內地手機號碼'],
      ['landline', 'sms/send', { phone: '+85221234567', purpose: 'login' }, '請輸入有效的香港、澳門或中國內地手機號碼'],
      ['bad purpose', 'sms/send', { phone: '91234567', purpose: 'hack' }, '驗證碼用途不正確'],
      ['short code', 'user/login', { phone: '91234567', code: '12345' }, '驗證碼為 6 位數字'],
      ['letters in code', 'user/login', { phone: '91234567', code: '12345a' }, '驗證碼為 6 位數字'],
      ['missing code', 'user/login', { phone: '91234567' }, '請輸入驗證碼'],
      [
        'short nickname',
        'user/register',
        { phone: '91234567', code: '123456', nickname: '阿', agreePrivacy: true },
        '暱稱需為 2 至 20 個字',
      ],
      [
        'long nickname',
        'user/register',
        { phone: '91234567', code: '123456', nickname: '阿'.repeat(21), agreePrivacy: true },
        '暱稱需為 2 至 20 個字',
      ],
      [
        'privacy not agreed',
        'user/register',
        { phone: '91234567', code: '123456', agreePrivacy: false },
        '請先閱讀並同意私隱政策',
      ],
      ['privacy missing', 'user/register', { phone: '91234567', code: '123456' }, '請先閱讀並同意私隱政策'],
      [
        'unknown field on login',
        'user/login',
        { phone: '91234567', code: '123456', password: 'x' },
        '不接受的欄位：password',
      ],
      ['missing token', 'user/loginByToken', {}, '登入連結無效'],
    ])('%s → 400 naming the field', async (_name, path, body, msg) => {
      const res = await t.call('POST', path, { body });
      expect(res).toEqual({ status: 400, code: 400, msg, data: null });
    });
  });
});

if (!TEST_DATABASE_URL) console.log('skipped: concurrent sign-in tests need TEST_DATABASE_URL (PostgreSQL)');

describe.skipIf(!TEST_DATABASE_URL)('sign-in under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 12 });
  });
  afterAll(() => t.close());

  it('sends one code when the same number asks many times at once', async () => {
    const phone = freshPhone();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', 'sms/send', { body: { phone, purpose: 'login' }, ip: `203.0.113.${i + 1}` }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(t.sms.sent.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('keeps the per-IP limit when many numbers ask at once', async () => {
    const ip = '203.0.113.200';
    const results = await Promise.all(
      Array.from({ length: 26 }, () =>
        t.call('POST', 'sms/send', { body: { phone: freshPhone(), purpose: 'register' }, ip }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(20);
    expect(results.filter((r) => r.code === 429)).toHaveLength(6);
  });

  it('signs in once when the same code is submitted many times at once', async () => {
    const phone = freshPhone();
    await t.call('POST', 'sms/send', { body: { phone, purpose: 'register' }, ip: '203.0.113.250' });
    const code = t.sms.lastCode(phone);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', 'user/register', { body: { phone, code, agreePrivacy: true } })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 400).map((r) => r.msg)).toEqual(Array(5).fill('驗證碼已使用，請重新獲取'));
  });

  it('counts wrong tries exactly when they arrive at once', async () => {
    const phone = freshPhone();
    await t.call('POST', 'sms/send', { body: { phone, purpose: 'login' }, ip: '203.0.113.251' });
    const code = t.sms.lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', 'user/login', { body: { phone, code: wrong } })),
    );
    expect(results.map((r) => r.msg).sort()).toEqual(
      [
        '驗證碼錯誤，還可以再試 4 次',
        '驗證碼錯誤，還可以再試 3 次',
        '驗證碼錯誤，還可以再試 2 次',
        '驗證碼錯誤，還可以再試 1 次',
        '驗證碼錯誤次數過多，已失效，請重新獲取',
        '驗證碼錯誤次數過多，已失效，請重新獲取',
        '驗證碼錯誤次數過多，已失效，請重新獲取',
        '驗證碼錯誤次數過多，已失效，請重新獲取',
      ].sort(),
    );
  });
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LoginBodySchema,
  LoginByTokenBodySchema,
  RegisterBodySchema,
  SessionDataSchema,
  SmsAuthSendBodySchema,
  SmsSendBodySchema,
  SmsSentSchema,
  UserSchema,
} from '../../../shared/schemas/auth';
import { ok, reply, requireUser, typed } from '../../http';

const SENT_MSG = '驗證碼已發送';

/** Sign-up, sign-in, one-tap login, logout, the own profile and SMS codes (PRODUCT.md §4.1). */
export async function authRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { auth, account } = app.services;

  r.post(
    '/sms/send',
    { schema: { tags: ['auth'], body: SmsSendBodySchema, response: reply(SmsSentSchema) } },
    async (req) => ok(await auth.sendSms({ ...req.body, ip: req.ip }), SENT_MSG),
  );

  r.post(
    '/sms/authSend',
    { schema: { tags: ['auth'], body: SmsAuthSendBodySchema, response: reply(SmsSentSchema) } },
    async (req) => ok(await auth.sendAuthSms(requireUser(req), { purpose: req.body.purpose, ip: req.ip }), SENT_MSG),
  );

  r.post(
    '/user/register',
    { schema: { tags: ['auth'], body: RegisterBodySchema, response: reply(SessionDataSchema) } },
    async (req) =>
      ok(
        await auth.register({
          phone: req.body.phone,
          code: req.body.code,
          nickname: req.body.nickname,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );

  r.post(
    '/user/login',
    { schema: { tags: ['auth'], body: LoginBodySchema, response: reply(SessionDataSchema) } },
    async (req) => ok(await auth.login({ ...req.body, userAgent: req.headers['user-agent'] })),
  );

  r.post(
    '/user/loginByToken',
    { schema: { tags: ['auth'], body: LoginByTokenBodySchema, response: reply(SessionDataSchema) } },
    async (req) => ok(await auth.loginByToken({ token: req.body.token, userAgent: req.headers['user-agent'] })),
  );

  r.get('/user/info', { schema: { tags: ['auth'], response: reply(UserSchema) } }, async (req) =>
    ok(await account.info(requireUser(req))),
  );

  // The seed's client posts logout without a body, possibly still labelled JSON: an empty body is no body.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      return parseJson(req, text, done);
    });
    typed(scope).post(
      '/user/logout',
      { schema: { tags: ['auth'], body: z.strictObject({}).nullish(), response: reply(z.null()) } },
      async (req) => {
        await auth.logout(requireUser(req));
        return ok(null, '已登出');
      },
    );
  });
}

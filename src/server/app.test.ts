import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import type { SessionData } from '../shared/schemas/auth';
import { ManualClock } from './adapters/clock';
import { FakeSms } from './adapters/sms/fake-sms';
import { buildApp } from './app';
import { loggerOptions } from './plugins/logging';
import { loadConfig } from './config';
import { openTestDatabase } from './testing/test-db';
import { createTestApp, type TestApp } from './testing/test-app';

/** A log stream held in memory: one JSON line an entry. */
function captureLog() {
  const lines: string[] = [];
  const serializers = (
    loggerOptions('info') as Exclude<FastifyServerOptions['logger'], boolean | undefined> & { serializers: object }
  ).serializers;
  return {
    lines,
    text: () => lines.join(''),
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) }, serializers },
  };
}

/** An app on its own database, with a captured log; other deps are those of `base`. */
async function buildLoggedApp(
  base: TestApp,
  log: ReturnType<typeof captureLog>,
  database?: Awaited<ReturnType<typeof openTestDatabase>>,
) {
  const { log: _unused, ...deps } = base.app.deps;
  const clock = new ManualClock();
  const sms = new FakeSms();
  const app = await buildApp({ deps: { ...deps, db: database?.db ?? deps.db, clock, sms }, logger: log.logger });
  await app.ready();
  return { app, clock, sms };
}

const envelopeOf = (res: LightMyRequestResponse) => res.json() as { code: number; msg: string; data: unknown };

describe('server foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown API paths with the 404 envelope, for GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/no/such/thing',
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(envelopeOf(res)).toEqual({ code: 404, msg: '找不到此介面', data: null });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api' })).statusCode).toBe(404);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: '91234567', purpose: 'login', pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelopeOf(res)).toEqual({ code: 413, msg: '提交的內容太大', data: null });
  });

  it('answers malformed JSON, an empty JSON body and a non-JSON body with 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "9123',
    });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad)).toEqual({ code: 400, msg: '請求內容不是有效的 JSON', data: null });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(envelopeOf(empty)).toEqual({ code: 400, msg: '請求內容不能為空', data: null });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'phone=1',
    });
    expect(text.statusCode).toBe(400);
    expect(envelopeOf(text)).toEqual({ code: 400, msg: '請求內容格式不正確', data: null });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(envelopeOf(xml)).toEqual({ code: 400, msg: '不支援此內容類型，請以 JSON 提交', data: null });
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "phone": "91234567", "code": "123456"}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('keeps the HTTP status equal to the envelope code on every answer', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/banner' }),
      t.app.inject({ method: 'GET', url: '/api/user/info' }),
      t.app.inject({ method: 'GET', url: '/api/missing' }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { phone: 'x' } }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { phone: '91234567', code: '123456' } }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 404, 400, 400, 200]);
    for (const res of answers) expect(envelopeOf(res).code).toBe(res.statusCode);
  });

  it('sends security headers and a request id on every answer', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/banner' });
    const b = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    for (const res of [a, b]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // Plain HTTP on a LAN (a phone testing the dev server) must keep loading its assets.
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^req_[0-9A-Z]{16}$/);
    }
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    // A client cannot choose its own request id.
    const forged = await t.app.inject({ method: 'GET', url: '/api/banner', headers: { 'x-request-id': 'forged' } });
    expect(forged.headers['x-request-id']).not.toBe('forged');
  });

  it('serves /healthz (liveness) and /readyz (readiness)', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: '', data: { status: 'ok' } });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a liveness probe over HTTP before any hook, with the headers a JSON answer needs', async () => {
    const { log: _unused, ...deps } = t.app.deps;
    const app = await buildApp({ deps });
    let hooked = 0;
    app.addHook('onRequest', async () => void hooked++);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const live = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ code: 200, msg: '', data: { status: 'ok' } });
      expect(live.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(live.headers.get('x-content-type-options')).toBe('nosniff');
      expect(live.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{16}$/);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`, { method: 'HEAD' })).status).toBe(200);
      expect(hooked).toBe(0);
      // Anything else is Fastify's, hooks included; /healthz with a query string answers the same there.
      const routed = await fetch(`http://127.0.0.1:${port}/healthz?probe=1`);
      expect(await routed.json()).toEqual({ code: 200, msg: '', data: { status: 'ok' } });
      expect(routed.headers.get('cache-control')).toBe('no-store');
      expect(hooked).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`, { method: 'POST' })).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('stays live without its database, and says it is not ready', async () => {
    const database = await openTestDatabase();
    const { log: _unused, ...deps } = t.app.deps;
    const app = await buildApp({ deps: { ...deps, db: database.db } });
    try {
      await database.close();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(envelopeOf(ready)).toEqual({ code: 503, msg: '服務暫時無法使用，請稍後再試', data: null });
    } finally {
      await app.close();
    }
    // The run's own kind of database: a PGlite asked for on the PostgreSQL run (3.7 s alone) went past 90 s under the
    // gate's load; a database from the PostgreSQL template takes 0.8 s. A hang guard, not a measure.
  }, 540_000);

  it('serves an OpenAPI document that lists the sign-in routes with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: object; required?: string[] } }> } }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/sms/send', 'post'],
      ['/api/sms/authSend', 'post'],
      ['/api/user/register', 'post'],
      ['/api/user/login', 'post'],
      ['/api/user/loginByToken', 'post'],
      ['/api/user/logout', 'post'],
      ['/api/user/info', 'get'],
      ['/api/banner', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const body = doc.paths['/api/user/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(['phone', 'code', 'nickname', 'agreePrivacy']);
    expect(body.required).toEqual(expect.arrayContaining(['phone', 'code', 'agreePrivacy']));
  });
});

describe('rate limit envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope once a client exceeds the per-minute limit', async () => {
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/banner', remoteAddress: '192.0.2.7' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(envelopeOf(last!)).toEqual({ code: 429, msg: '操作過於頻繁，請稍後再試', data: null });
    expect(last!.headers['retry-after']).toBeDefined();
    // Another client is not affected, and the web app is never limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/banner', remoteAddress: '192.0.2.8' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
  });
});

describe('client address', () => {
  const fromProxy = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/banner',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For by default, so a client cannot pick its own address to dodge per-IP limits', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fromProxy(t, `203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from the configured proxy only (TRUST_PROXY=10.0.0.0/8)', async () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fromProxy(t, `198.18.0.1, 203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200]); // three clients behind one proxy
      expect((await fromProxy(t, '198.18.0.2, 203.0.113.0')).statusCode).toBe(200);
      expect((await fromProxy(t, '198.18.0.3, 203.0.113.0')).statusCode).toBe(429); // a forged first hop does not help
      // A client connecting directly is not a trusted proxy: its header is ignored.
      const direct = (xff: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/banner',
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': xff },
        });
      expect([
        (await direct('203.0.113.77')).statusCode,
        (await direct('203.0.113.78')).statusCode,
        (await direct('203.0.113.79')).statusCode,
      ]).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('unexpected failures and the log', () => {
  let base: TestApp;
  beforeAll(async () => {
    base = await createTestApp();
  });
  afterAll(() => base.close());

  it('answers 500 with the generic message and logs the details', async () => {
    const log = captureLog();
    const database = await openTestDatabase();
    const { app } = await buildLoggedApp(base, log, database);
    try {
      await database.close();
      const res = await app.inject({
        method: 'POST',
        url: '/api/sms/send',
        payload: { phone: '91234567', purpose: 'login' },
      });
      expect(res.statusCode).toBe(500);
      expect(envelopeOf(res)).toEqual({ code: 500, msg: '系統繁忙，請稍後再試', data: null });
      expect(res.body).not.toMatch(/stack|sql|select|closed|pool/i);
      const errors = log.lines
        .map(
          (l) =>
            JSON.parse(l) as { level: number; msg: string; reqId: string; err?: { message?: string; stack?: string } },
        )
        .filter((e) => e.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toBe('unexpected error');
      expect(errors[0]!.reqId).toBe(res.headers['x-request-id']);
      expect(errors[0]!.err?.message).toContain('Failed query');
      expect(errors[0]!.err?.stack).toMatch(/\n\s+at /);
      expect(log.text()).not.toContain('91234567');
    } finally {
      await app.close();
    }
  });

  it('never writes a token, an SMS code or a full phone number to the log through sign-up and one-tap login', async () => {
    const log = captureLog();
    const { app, sms } = await buildLoggedApp(base, log);
    const national = '92345678';
    const phone = `+852${national}`;
    const post = (url: string, payload: object, token?: string) =>
      app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const secrets: string[] = [];
    try {
      expect((await post('/api/sms/send', { phone: national, purpose: 'register' })).statusCode).toBe(200);
      const registerCode = sms.lastCode(phone);
      const registered = await post('/api/user/register', { phone, code: registerCode, agreePrivacy: true });
      expect(registered.statusCode).toBe(200);
      const first = (registered.json() as { data: SessionData }).data.token;
      expect(
        (await app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${first}` } }))
          .statusCode,
      ).toBe(200);
      expect((await post('/api/user/logout', {}, first)).statusCode).toBe(200);

      expect((await post('/api/sms/send', { phone, purpose: 'login' })).statusCode).toBe(200);
      const loginCode = sms.lastCode(phone);
      const link = sms.lastLoginToken(phone)!;
      // The screen at the link is fetched first (its URL reaches the log), then it calls the API.
      await app.inject({ method: 'GET', url: `/login?token=${link}` });
      await app.inject({ method: 'GET', url: `/api/user/info?token=${link}&phone=${national}&code=${loginCode}` });
      const signedIn = await post('/api/user/loginByToken', { token: link });
      expect(signedIn.statusCode).toBe(200);
      const second = (signedIn.json() as { data: SessionData }).data.token;
      expect((await post('/api/user/login', { phone, code: loginCode })).statusCode).toBe(400); // used up by the link
      secrets.push(registerCode, loginCode, link, first, second, phone, national);
    } finally {
      await app.close();
    }

    const text = log.text();
    // One line per request (at its answer) and the services' own lines.
    expect(log.lines.length).toBeGreaterThan(10);
    expect(text).toContain('"request completed"');
    expect(text).toContain('/login?token=[redacted]');
    expect(text).toContain('sms code sent');
    expect(text).toContain('+852 9***5678');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

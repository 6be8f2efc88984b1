import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requireAdmin, requireUser } from '../http';

const asRequest = (actor: unknown) => ({ actor, id: 'req_1' }) as FastifyRequest;

describe('auth plugin', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { auth } = t.app.services;
    userId = (await auth.ensureUser('+85293001234')).id;
    token = (await auth.startSession(userId)).token;
  });
  afterAll(() => t.close());

  it('reads the bearer token whatever the case of the scheme, and nothing else', async () => {
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}`]) {
      const res = await t.call('GET', 'user/info', { headers: { authorization: header } });
      expect(res.code, header).toBe(200);
    }
    for (const header of [token, `Token ${token}`, `Bearer ${token} extra`, 'Bearer']) {
      const res = await t.call('GET', 'user/info', { headers: { authorization: header } });
      expect(res.code, header).toBe(403);
    }
  });

  it('refreshes the last use of a session at most every 10 minutes', async () => {
    const lastUsed = async () =>
      (
        await t.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, userId))
      )[0]!.at.getTime();
    const start = await lastUsed();
    t.clock.advance(5 * 60_000);
    expect((await t.call('GET', 'user/info', { token })).code).toBe(200);
    expect(await lastUsed()).toBe(start);
    t.clock.advance(6 * 60_000);
    expect((await t.call('GET', 'user/info', { token })).code).toBe(200);
    expect(await lastUsed()).toBe(t.clock.now().getTime());
  });

  it('requireUser answers 403; requireAdmin hides the admin area from users with 404 and names the request', () => {
    expect(() => requireUser(asRequest(null))).toThrow(expect.objectContaining({ kind: 'unauthenticated', code: 403 }));
    const user = { userId: 'usr_1', sessionId: 'ses_1', roles: ['user'] };
    expect(requireUser(asRequest(user))).toBe(user);
    expect(() => requireAdmin(asRequest(null))).toThrow(expect.objectContaining({ code: 403 }));
    expect(() => requireAdmin(asRequest(user))).toThrow(expect.objectContaining({ kind: 'not_found', code: 404 }));
    const admin = { ...user, roles: ['user', 'admin'] };
    expect(requireAdmin(asRequest(admin))).toEqual({ ...admin, requestId: 'req_1' });
  });
});

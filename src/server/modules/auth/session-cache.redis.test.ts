import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../adapters/clock';
import { sessions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { testRedisUrl, twoInstances, until, type Instances } from '../../testing/redis-instances';

const TEST_REDIS_URL = testRedisUrl('kept sessions across two instances');

describe.skipIf(!TEST_REDIS_URL)('kept sessions of two instances on one Redis', () => {
  let instances: Instances;
  let apps: FastifyInstance[];
  // The clock never moves: a kept session can only go because a message said so, never by its age.
  const clock = new ManualClock(new Date());
  let db: Db;
  let phones = 0;

  beforeAll(async () => {
    instances = await twoInstances(TEST_REDIS_URL!, clock, 'sctest');
    ({ apps, db } = instances);
  });
  afterAll(() => instances?.close());

  const one = () => apps[0]!;
  const two = () => apps[1]!;
  async function user() {
    const { auth } = one().services;
    const { id } = await auth.ensureUser(`+8525${String(++phones).padStart(7, '0')}`);
    return { id, token: (await auth.startSession(id)).token };
  }
  const get = async (app: FastifyInstance, url: string, token: string) =>
    (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode;
  const post = async (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
    (await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload })).statusCode;
  const info = (app: FastifyInstance, token: string) => get(app, '/api/user/info', token);

  it('each instance keeps the sessions it looked up', async () => {
    const u = await user();
    expect(await info(two(), u.token)).toBe(200);
    await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.userId, u.id));
    // Revoked past the services, so no message: instance two still believes its copy, instance one never read it.
    expect(await info(two(), u.token)).toBe(200);
    expect(await info(one(), u.token)).toBe(403);
  });

  it('a sign-out on one instance is heard by the other', async () => {
    const u = await user();
    expect(await info(one(), u.token)).toBe(200);
    expect(await info(two(), u.token)).toBe(200);
    expect(await post(one(), '/api/user/logout', u.token)).toBe(200);
    expect(await info(one(), u.token)).toBe(403);
    await until('instance two refuses the signed-out session', async () => (await info(two(), u.token)) === 403);
  });

  it('disabling a user and revoking an operator on one instance apply on the other', async () => {
    const operator = await user();
    await db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.id, operator.id));
    one().services.auth.sessionsChanged(operator.id);
    const u = await user();
    const admin = await user();
    await db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.id, admin.id));
    one().services.auth.sessionsChanged(admin.id);
    expect(await info(two(), u.token)).toBe(200);
    expect(await get(two(), '/api/admin/users', admin.token)).toBe(200);

    expect(await post(one(), '/api/admin/users/disable', operator.token, { id: u.id, reason: '測試停用' })).toBe(200);
    await until('instance two refuses the disabled user', async () => (await info(two(), u.token)) === 403);
    expect(await post(one(), '/api/admin/users/revokeAdmin', operator.token, { id: admin.id })).toBe(200);
    await until(
      'instance two no longer lets the former operator in',
      async () => (await get(two(), '/api/admin/users', admin.token)) === 404,
    );
  });
});

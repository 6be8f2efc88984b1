import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import { createKeys } from '../../adapters/keys';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { openTestDatabase } from '../../testing/test-db';
import { testConfig, testDeps } from '../../testing/test-app';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || null;
if (!TEST_REDIS_URL)
  console.log('skipped: kept sessions across two instances need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');

/** Waits for something another instance sends through Redis (delivery, not speed, is under test). */
async function until(what: string, cond: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await cond()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe.skipIf(!TEST_REDIS_URL)('kept sessions of two instances on one Redis', () => {
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  // The clock never moves: a kept session can only go because a message said so, never by its age.
  const clock = new ManualClock(new Date());
  let db: Db;
  let phones = 0;

  beforeAll(async () => {
    const database = await openTestDatabase();
    db = database.db;
    const namespace = `${newId('sctest')}:`;
    const config = testConfig();
    const keys = createKeys(config.APP_SECRET);
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      const app = await buildApp({
        deps: testDeps(config, db, clock, keys),
        redis,
        broadcastNamespace: namespace,
        publicCacheChannel: `${namespace}public-cache`,
        rateLimitNamespace: `${namespace}rl-`,
        onClose: i === 0 ? () => database.close() : undefined,
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    for (const c of clients) await c.quit();
  });

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLocalBroadcast, type Broadcast } from '../../adapters/broadcast';
import { ManualClock } from '../../adapters/clock';
import { sessions } from '../../db/schema';
import { signIn } from '../collection/collection-fixtures';
import { signInOperator } from '../../testing/operator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createSessionCache, SESSION_CACHE_TTL_MS, type CachedSession } from './session-cache';

const session = (userId: string, id = `ses_${userId}`): CachedSession => ({
  id,
  userId,
  roles: ['user'],
  userStatus: 'active',
  expiresAt: new Date('2100-01-01T00:00:00Z'),
  lastUsedAt: new Date('2026-01-01T00:00:00Z'),
});

describe('session cache', () => {
  it('keeps a session for SESSION_CACHE_TTL_MS, and evicting its user drops it at once', () => {
    const clock = new ManualClock();
    const cache = createSessionCache({ broadcast: createLocalBroadcast(), clock });
    cache.put('h1', session('usr_a'), cache.epoch());
    cache.put('h2', session('usr_a', 'ses_2'), cache.epoch());
    cache.put('h3', session('usr_b'), cache.epoch());
    expect(cache.get('h1')?.userId).toBe('usr_a');
    cache.evictUser('usr_a');
    expect(cache.get('h1')).toBeNull();
    expect(cache.get('h2')).toBeNull();
    expect(cache.get('h3')?.userId).toBe('usr_b');
    clock.advance(SESSION_CACHE_TTL_MS);
    expect(cache.get('h3')).toBeNull();
  });

  it('does not keep what a lookup read before an eviction', () => {
    const cache = createSessionCache({ broadcast: createLocalBroadcast(), clock: new ManualClock() });
    const since = cache.epoch();
    // The lookup is in flight when another request signs the user out.
    cache.evictUser('usr_a');
    cache.put('h1', session('usr_a'), since);
    expect(cache.get('h1')).toBeNull();
    cache.put('h1', session('usr_a'), cache.epoch());
    expect(cache.get('h1')).not.toBeNull();
  });

  it('is bounded, and still evicts by user after the oldest went', () => {
    const cache = createSessionCache({ broadcast: createLocalBroadcast(), clock: new ManualClock(), max: 2 });
    cache.put('h1', session('usr_a'), cache.epoch());
    cache.put('h2', session('usr_b'), cache.epoch());
    cache.put('h3', session('usr_b', 'ses_3'), cache.epoch());
    expect(cache.size()).toBe(2);
    expect(cache.get('h1')).toBeNull();
    cache.evictUser('usr_b');
    expect(cache.size()).toBe(0);
  });

  it('believes nothing while the broadcast is down, and forgets everything when it is back', () => {
    let live = true;
    let gap = () => undefined as void;
    const local = createLocalBroadcast();
    const broadcast: Broadcast = { ...local, live: () => live, onGap: (fn) => void (gap = fn) };
    const cache = createSessionCache({ broadcast, clock: new ManualClock() });
    cache.put('h1', session('usr_a'), cache.epoch());
    live = false;
    expect(cache.get('h1')).toBeNull();
    cache.put('h2', session('usr_b'), cache.epoch());
    live = true;
    expect(cache.get('h2')).toBeNull();
    gap();
    expect(cache.get('h1')).toBeNull();
  });
});

describe('kept sessions in the app: every revocation applies to the next request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const info = async (token: string) => (await t.call('GET', 'user/info', { token })).status;
  const adminUsers = async (token: string) => (await t.call('GET', 'admin/users', { token })).status;

  it('looks a session up once, then keeps it at most SESSION_CACHE_TTL_MS', async () => {
    const u = await signIn(t);
    expect(await info(u.token)).toBe(200);
    // Revoked past the services (as no code of the app does): this instance goes on believing its copy…
    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, u.userId));
    expect(await info(u.token)).toBe(200);
    // …for a few seconds at most.
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect(await info(u.token)).toBe(403);
  });

  it('sign-out', async () => {
    const u = await signIn(t);
    const other = (await t.app.services.auth.startSession(u.userId)).token;
    expect(await info(u.token)).toBe(200);
    expect(await info(other)).toBe(200);
    expect((await t.call('POST', 'user/logout', { token: u.token })).status).toBe(200);
    expect(await info(u.token)).toBe(403);
    expect(await info(other)).toBe(200);
  });

  it('disabling a user in the back office, then enabling them again (old sessions stay revoked)', async () => {
    const operator = await signInOperator(t);
    const u = await signIn(t);
    expect(await info(u.token)).toBe(200);
    expect(
      (
        await t.call('POST', 'admin/users/disable', {
          token: operator.token,
          body: { id: u.userId, reason: '測試停用' },
        })
      ).status,
    ).toBe(200);
    expect(await info(u.token)).toBe(403);
    expect((await t.call('POST', 'admin/users/enable', { token: operator.token, body: { id: u.userId } })).status).toBe(
      200,
    );
    expect(await info(u.token)).toBe(403);
  });

  it('granting and revoking the admin role', async () => {
    const operator = await signInOperator(t);
    const u = await signIn(t);
    expect(await adminUsers(u.token)).toBe(404);
    expect(
      (await t.call('POST', 'admin/users/grantAdmin', { token: operator.token, body: { id: u.userId } })).status,
    ).toBe(200);
    expect(await adminUsers(u.token)).toBe(200);
    expect(
      (await t.call('POST', 'admin/users/revokeAdmin', { token: operator.token, body: { id: u.userId } })).status,
    ).toBe(200);
    expect(await adminUsers(u.token)).toBe(404);
    expect(await info(u.token)).toBe(200);
  });

  it('evicts after the commit (a reader before it could keep the old rows), never after a rollback', async () => {
    const seen: string[] = [];
    await t.app.deps.db.transaction(async () => {
      t.app.deps.afterCommit(() => seen.push('committed'));
      seen.push('in the transaction');
    });
    await expect(
      t.app.deps.db.transaction(async () => {
        t.app.deps.afterCommit(() => seen.push('rolled back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    t.app.deps.afterCommit(() => seen.push('no transaction'));
    expect(seen).toEqual(['in the transaction', 'committed', 'no transaction']);
  });
});

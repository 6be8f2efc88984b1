import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { browserKeys } from '../../testing/fake-push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { endpointAllowed } from './push.service';

describe('push/key, push/subscribe, push/unsubscribe (decision 038)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const subscribe = (token: string | undefined, endpoint: string, keys = browserKeys().keys) =>
    t.call<{ id: string }>('POST', 'push/subscribe', { token, body: { endpoint, keys } });
  const devicesOf = (userId: string) =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('answers one public VAPID key, the same for every app on the same APP_SECRET', async () => {
    const { data } = await t.call<{ publicKey: string }>('GET', 'push/key');
    const point = Buffer.from(data.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const twin = await createTestApp({ env: { APP_SECRET: t.config.APP_SECRET! } });
    const other = await createTestApp();
    try {
      expect((await twin.call<{ publicKey: string }>('GET', 'push/key')).data.publicKey).toBe(data.publicKey);
      expect((await other.call<{ publicKey: string }>('GET', 'push/key')).data.publicKey).not.toBe(data.publicKey);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('allows https endpoints of the known push services, and 127.0.0.1 only outside production', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', true)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QO', true)).toBe(true);
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', true)).toBe(false);
    expect(endpointAllowed('https://evil.example/fcm.googleapis.com', true)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', true)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9000/push/1', true)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9000/push/1', false)).toBe(true);
    expect(endpointAllowed('http://10.0.0.1/push/1', false)).toBe(false);
  });

  it('in production also allows the origins PUSH_SERVICE_ORIGINS lists, exactly those', () => {
    const { PUSH_SERVICE_ORIGINS: listed } = loadConfig({
      PUSH_SERVICE_ORIGINS: ' http://127.0.0.1:4563 , https://push.example.com',
    });
    expect(listed).toEqual(['http://127.0.0.1:4563', 'https://push.example.com']);
    expect(endpointAllowed('http://127.0.0.1:4563/push/seller', true, listed)).toBe(true);
    expect(endpointAllowed('https://push.example.com/x', true, listed)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4564/push/seller', true, listed)).toBe(false);
    expect(endpointAllowed('http://push.example.com/x', true, listed)).toBe(false);
    expect(endpointAllowed('http://user:pw@127.0.0.1:4563/push/seller', true, listed)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', true, listed)).toBe(true);
    expect(loadConfig({}).PUSH_SERVICE_ORIGINS).toEqual([]);
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:4563/push' })).toThrow(/PUSH_SERVICE_ORIGINS/);
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: 'ftp://127.0.0.1' })).toThrow(/PUSH_SERVICE_ORIGINS/);
  });

  it('saves a device for its signed-in user; a device signing in as another user moves to them', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    expect((await subscribe(undefined, 'http://127.0.0.1:9/push/x')).status).toBe(403);
    const refused = await subscribe(a.token, 'https://push.example.com/x');
    expect(refused).toMatchObject({
      status: 400,
      msg: '此瀏覽器的推送服務不受支援，請改用 Chrome、Edge、Firefox 或 Safari',
    });
    const bad = await t.call('POST', 'push/subscribe', {
      token: a.token,
      body: { endpoint: 'http://127.0.0.1:9/push/y', keys: { p256dh: 'short', auth: 'x' } },
    });
    expect(bad.status).toBe(400);

    const first = await subscribe(a.token, 'http://127.0.0.1:9/push/shared');
    expect(first.status).toBe(200);
    expect((await devicesOf(a.userId)).map((d) => d.id)).toEqual([first.data.id]);
    const moved = await subscribe(b.token, 'http://127.0.0.1:9/push/shared');
    expect(moved.data.id).toBe(first.data.id);
    expect(await devicesOf(a.userId)).toEqual([]);
    expect((await devicesOf(b.userId)).map((d) => d.id)).toEqual([first.data.id]);
  });

  it("unsubscribes only the caller's own device, by endpoint or by id, and says so when there is none", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const dev = await subscribe(a.token, 'http://127.0.0.1:9/push/mine');
    const byB = await t.call('POST', 'push/unsubscribe', {
      token: b.token,
      body: { endpoint: 'http://127.0.0.1:9/push/mine' },
    });
    expect(byB).toMatchObject({ status: 404, msg: '找不到此裝置的推送訂閱' });
    const byIdB = await t.call('POST', 'push/unsubscribe', { token: b.token, body: { subscriptionId: dev.data.id } });
    expect(byIdB.status).toBe(404);
    expect(await devicesOf(a.userId)).toHaveLength(1);
    const byA = await t.call('POST', 'push/unsubscribe', {
      token: a.token,
      body: { endpoint: 'http://127.0.0.1:9/push/mine' },
    });
    expect(byA).toMatchObject({ status: 200, data: { removed: 1 }, msg: '已關閉推送通知' });
    expect(await devicesOf(a.userId)).toEqual([]);
    // Gone already: said so, not 「已關閉推送通知」 again.
    const again = await t.call('POST', 'push/unsubscribe', {
      token: a.token,
      body: { endpoint: 'http://127.0.0.1:9/push/mine' },
    });
    expect(again).toMatchObject({ status: 404, msg: '找不到此裝置的推送訂閱' });
  });
});

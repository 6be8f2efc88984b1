import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeadLetter } from '../../../shared/schemas/push';
import { notificationOutbox, notificationSends, pushSubscriptions } from '../../db/schema';
import { decryptPush, startFakePushService, type FakePushService } from '../../testing/fake-push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { makeOperator } from '../../checks/ownership-kit';
import { deliverer, itemSold, outboxOf, subscribeDevice, type TestUser } from './notification-delivery.fixtures';
import { DELIVERY_DEFAULTS, pushTopic } from './notification-delivery.service';

describe('notification delivery by Web Push and SMS (decision 038)', () => {
  let t: TestApp;
  let fake: FakePushService;
  let seller: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://trove.example' } });
    fake = await startFakePushService();
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  beforeEach(async () => {
    seller = await signIn(t);
  });

  it('sends a push the browser decrypts to only {title, link}, signed with the VAPID key of push/key', async () => {
    const device = await subscribeDevice(t, fake, seller);
    const n = await itemSold(t, seller.userId);
    expect(await deliverer(t).deliverDue(10)).toBe(1);

    const [req, ...more] = fake.to(device.path);
    expect(more).toEqual([]);
    const { data: key } = await t.call<{ publicKey: string }>('GET', 'push/key');
    expect(req!.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.publicKey}$`));
    expect(req!.contentEncoding).toBe('aes128gcm');
    const [row] = await outboxOf(t, n.id);
    expect(req!.topic).toBe(pushTopic(row!.dedupeKey));
    expect(JSON.parse(decryptPush(req!.body, device))).toEqual({ title: '已售出', link: n.link });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    expect(sub!.lastSuccessAt).toEqual(t.clock.now());
    // Nothing due is left: a second run sends nothing.
    expect(await deliverer(t).deliverDue(10)).toBe(0);
    expect(fake.to(device.path)).toHaveLength(1);
  });

  it('drops a subscription the push service answers 410 for, and still serves the user’s other device', async () => {
    const gone = await subscribeDevice(t, fake, seller);
    const live = await subscribeDevice(t, fake, seller);
    fake.on(gone.path, { status: 410 });
    const n = await itemSold(t, seller.userId);
    await deliverer(t).deliverDue(10);
    expect(fake.to(gone.path)).toHaveLength(1);
    expect(fake.to(live.path)).toHaveLength(1);
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, seller.userId));
    expect(left.map((s) => s.id)).toEqual([live.id]);
    expect((await outboxOf(t, n.id))[0]).toMatchObject({ status: 'sent' });
  });

  it('honours Retry-After on a 429: the next try is due when the push service said, then sent once', async () => {
    const device = await subscribeDevice(t, fake, seller);
    fake.on(device.path, { status: 429, headers: { 'retry-after': '120' } });
    const n = await itemSold(t, seller.userId);
    const before = t.clock.now().getTime();
    await deliverer(t).deliverDue(10);
    let [row] = await outboxOf(t, n.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '推送服務回應 429' });
    // Retry-After (120 s) is later than the backoff (½ of 1 s): it wins.
    expect(row!.nextAttemptAt.getTime()).toBe(before + 120_000);

    fake.on(device.path, {});
    t.clock.advance(119_000);
    expect(await deliverer(t).deliverDue(10)).toBe(0);
    t.clock.advance(1_000);
    expect(await deliverer(t).deliverDue(10)).toBe(1);
    [row] = await outboxOf(t, n.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.to(device.path)).toHaveLength(2);
  });

  it('counts a timeout as a failed try, retries with backoff, and gives up (dead) after the last try', async () => {
    const device = await subscribeDevice(t, fake, seller);
    fake.on(device.path, 'hang');
    const n = await itemSold(t, seller.userId);
    const d = deliverer(t, { maxAttempts: 2 }, 300);
    await d.deliverDue(10);
    let [row] = await outboxOf(t, n.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '推送服務逾時（300 毫秒）' });
    expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 500);

    t.clock.advance(500);
    await d.deliverDue(10);
    [row] = await outboxOf(t, n.id);
    expect(row).toMatchObject({ status: 'dead', attempts: 2, lastError: '推送服務逾時（300 毫秒）' });

    // The back office sees it, and 重試 sends it once the push service answers again.
    const op = await signIn(t);
    await makeOperator(t, op);
    const dead = await t.call<DeadLetter[]>('GET', 'admin/deadLetters', { token: op.token });
    expect(dead.data.find((r) => r.id === row!.id)).toMatchObject({
      user: { id: seller.userId },
      channel: 'push',
      kind: 'itemSold',
      label: '已售出',
      title: '已售出',
      attempts: 2,
      lastError: '推送服務逾時（300 毫秒）',
    });
    const retried = await t.call('POST', 'admin/deadLetters/retry', { token: op.token, body: { id: row!.id } });
    expect(retried).toMatchObject({ status: 200, data: { id: row!.id, status: 'pending' } });
    expect((await outboxOf(t, n.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await t.call('POST', 'admin/deadLetters/retry', { token: op.token, body: { id: row!.id } });
    expect(again.status).toBe(404);

    fake.on(device.path, {});
    await deliverer(t).deliverDue(10);
    expect((await outboxOf(t, n.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(fake.to(device.path)).toHaveLength(1);
  });

  it('never sends twice to a target the dedupe key has a send marker for (a mark lost after the send)', async () => {
    const device = await subscribeDevice(t, fake, seller);
    const n = await itemSold(t, seller.userId);
    await deliverer(t).deliverDue(10);
    const [row] = await outboxOf(t, n.id);
    const markers = await t.db.select().from(notificationSends).where(eq(notificationSends.dedupeKey, row!.dedupeKey));
    expect(markers.map((m) => m.target)).toEqual([device.id]);
    // As if the deliverer died after the send, before marking the row: once its lease ends, the row is due again.
    await t.db.update(notificationOutbox).set({ status: 'pending' }).where(eq(notificationOutbox.id, row!.id));
    expect(await deliverer(t).deliverDue(10)).toBe(0);
    t.clock.advance(DELIVERY_DEFAULTS.leaseMs);
    expect(await deliverer(t).deliverDue(10)).toBe(1);
    expect(fake.to(device.path)).toHaveLength(1);
    expect((await outboxOf(t, n.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends 已售出 by SMS to a seller who opted in: short zh-HK words and the link', async () => {
    const opted = await t.call('POST', 'notification/prefs', {
      token: seller.token,
      body: { prefs: [{ kind: 'itemSold', channel: 'sms', enabled: true }] },
    });
    expect(opted.status).toBe(200);
    const n = await itemSold(t, seller.userId, '天星小輪');
    await deliverer(t).deliverDue(10);
    const sms = t.sms.sent.filter((m) => m.to === seller.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^【寶庫】已售出：天星小輪 以 HK\$128\.00 售出/);
    expect(sms[0]!.body.endsWith(`\nhttps://trove.example${n.link}`)).toBe(true);
    const rows = await outboxOf(t, n.id);
    expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
      ['push', 'sent'],
      ['sms', 'sent'],
    ]);
    // The push row had no device to go to, and says so.
    expect(rows.find((r) => r.channel === 'push')!.lastError).toBe('沒有已訂閱推送的裝置');
  });

  it('sends nothing for a notification read in the app before its turn came, whatever devices subscribed since', async () => {
    await t.call('POST', 'notification/prefs', {
      token: seller.token,
      body: { prefs: [{ kind: 'itemSold', channel: 'sms', enabled: true }] },
    });
    const n = await itemSold(t, seller.userId);
    const read = await t.call('POST', 'notification/read', { token: seller.token, body: { all: true } });
    expect(read).toMatchObject({ status: 200, data: { unread: 0 } });
    const device = await subscribeDevice(t, fake, seller);
    expect(await deliverer(t).deliverDue(10)).toBe(2);
    expect(fake.to(device.path)).toEqual([]);
    expect(t.sms.sent.filter((m) => m.to === seller.phone)).toEqual([]);
    const rows = await outboxOf(t, n.id);
    expect(rows.map((r) => [r.channel, r.status, r.lastError]).sort()).toEqual([
      ['push', 'sent', '已在應用程式內閱讀，不再發送'],
      ['sms', 'sent', '已在應用程式內閱讀，不再發送'],
    ]);
    // What comes after it is still sent to that device.
    await itemSold(t, seller.userId);
    expect(await deliverer(t).deliverDue(10)).toBe(2);
    expect(fake.to(device.path)).toHaveLength(1);
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const device = await subscribeDevice(t, fake, seller);
    await t.call('POST', 'notification/prefs', {
      token: seller.token,
      body: { prefs: [{ kind: 'itemSold', channel: 'sms', enabled: true }] },
    });
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.services.notifications.notify(tx, seller.userId, 'itemSold', {
          orderNo: 'TR-rolled-back',
          itemName: '不存在',
          priceCents: 1,
          feeCents: 0,
          proceedsCents: 1,
        });
        throw new Error('the sale failed');
      }),
    ).rejects.toThrow('the sale failed');
    expect(await deliverer(t).deliverDue(10)).toBe(0);
    expect(fake.to(device.path)).toEqual([]);
    expect(t.sms.sent.filter((m) => m.to === seller.phone)).toEqual([]);
  });
});

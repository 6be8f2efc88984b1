import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema';
import { startFakePushService, type FakePushService } from '../../testing/fake-push-service';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { signIn } from '../collection/collection-fixtures';
import { deliverer, itemSold, subscribeDevice } from './notification-delivery.fixtures';
import { pushTopic } from './notification-delivery.service';

if (!TEST_DATABASE_URL) console.log('skipped: concurrent deliverers need PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('two deliverers on one outbox (PostgreSQL)', () => {
  let t: TestApp;
  let fake: FakePushService;
  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 6 });
    fake = await startFakePushService();
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('sends every row exactly once, push and SMS, while both claim from the same outbox', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signIn(t)));
    const devices = new Map<string, string>();
    for (const u of users) {
      const d = await subscribeDevice(t, fake, u);
      // Slow enough that the two deliverers' batches overlap.
      fake.on(d.path, { delayMs: 15 });
      devices.set(u.userId, d.path);
      await t.call('POST', 'notification/prefs', {
        token: u.token,
        body: { prefs: [{ kind: 'itemSold', channel: 'sms', enabled: true }] },
      });
    }
    const written = [];
    for (let i = 0; i < 3; i++) for (const u of users) written.push(await itemSold(t, u.userId, `卡 ${i}`));
    const rows = await t.db
      .select()
      .from(notificationOutbox)
      .where(
        inArray(
          notificationOutbox.notificationId,
          written.map((n) => n.id),
        ),
      );
    expect(rows).toHaveLength(72);

    const a = deliverer(t, { concurrency: 2 });
    const b = deliverer(t, { concurrency: 2 });
    const claimed = { a: 0, b: 0 };
    const drain = async (d: typeof a, who: 'a' | 'b') => {
      for (;;) {
        const n = await d.deliverDue(4);
        claimed[who] += n;
        if (n === 0) return;
      }
    };
    await Promise.all([drain(a, 'a'), drain(b, 'b')]);

    // Both did part of the work, and together all of it, once.
    expect(claimed.a).toBeGreaterThan(0);
    expect(claimed.b).toBeGreaterThan(0);
    expect(claimed.a + claimed.b).toBe(72);
    const after = await t.db
      .select({ status: notificationOutbox.status })
      .from(notificationOutbox)
      .where(
        inArray(
          notificationOutbox.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after.every((r) => r.status === 'sent')).toBe(true);
    const pushRows = rows.filter((r) => r.channel === 'push');
    const topics = fake.requests.map((r) => r.topic);
    for (const r of pushRows) expect(topics.filter((x) => x === pushTopic(r.dedupeKey))).toHaveLength(1);
    expect(fake.requests).toHaveLength(36);
    for (const u of users) expect(t.sms.sent.filter((m) => m.to === u.phone)).toHaveLength(3);
  }, 180_000);
});

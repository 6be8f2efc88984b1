import { eq } from 'drizzle-orm';
import { notificationOutbox } from '../../db/schema';
import { browserKeys, type FakePushService } from '../../testing/fake-push-service';
import type { TestApp } from '../../testing/test-app';
import { createPushSender } from '../../startup';
import { createNotificationDeliveryService, type DeliveryTuning } from './notification-delivery.service';

export type TestUser = { userId: string; token: string; phone: string };

let seq = 0;

/** The user's browser subscribes (through the API) with an endpoint on the fake push service; answers its keys. */
export async function subscribeDevice(t: TestApp, fake: FakePushService, user: TestUser, path = `/push/${++seq}`) {
  const browser = browserKeys();
  const res = await t.call<{ id: string }>('POST', 'push/subscribe', {
    token: user.token,
    body: { endpoint: `${fake.origin}${path}`, keys: browser.keys, userAgent: 'Chrome · Android' },
  });
  if (res.status !== 200) throw new Error(`set-up: push/subscribe answered ${res.status} ${res.msg}`);
  return { ...browser, path, id: res.data.id };
}

/** An 已售出 for `user`, written in its own transaction as the market's sale would. */
export async function itemSold(t: TestApp, userId: string, itemName = '祥瑞麒麟') {
  return t.db.transaction((tx) =>
    t.app.services.notifications.notify(tx, userId, 'itemSold', {
      orderNo: `TR${++seq}`,
      itemName,
      priceCents: 12_800,
      feeCents: 640,
      proceedsCents: 12_160,
    }),
  );
}

/**
 * A deliverer over the test app, with retries the test can predict (no jitter: the wait is half the backoff) and a
 * push timeout of `timeoutMs` (generous by default: a loaded machine must not turn a slow answer into a retry).
 */
export function deliverer(t: TestApp, tuning: Partial<DeliveryTuning> = {}, timeoutMs = 10_000) {
  return createNotificationDeliveryService(
    t.app.deps,
    { push: createPushSender({ ...t.config, PUSH_TIMEOUT_MS: timeoutMs }, t.keys, t.clock) },
    { random: () => 0, baseDelayMs: 1000, maxAttempts: 3, ...tuning },
  );
}

export async function outboxOf(t: TestApp, notificationId: string) {
  return t.db.select().from(notificationOutbox).where(eq(notificationOutbox.notificationId, notificationId));
}

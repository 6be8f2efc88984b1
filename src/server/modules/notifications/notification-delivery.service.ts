import { createHash } from 'node:crypto';
import type { PushSender } from '../../adapters/push/push';
import type { Deps } from '../../deps';
import {
  createNotificationOutboxRepository,
  type ClaimedRow,
  type NotificationOutboxRepository,
  type NotificationText,
} from './notification-outbox.repository';
import { createNotificationsReadModel, type NotificationsReadModel } from './notifications.read-model';
import { createPushSubscriptionsRepository, type PushSubscriptionsRepository } from './push-subscriptions.repository';

/** How delivery retries (decision 038); tests shorten it. */
export interface DeliveryTuning {
  /** Tries before a row is dead. */
  maxAttempts: number;
  /** The wait after the first failed try; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed row stays hidden from other deliverers: longer than one row's sends can take. */
  leaseMs: number;
  /** Rows sent at once by one deliverer. */
  concurrency: number;
  /** In [0, 1): the jitter. */
  random: () => number;
}

export const DELIVERY_DEFAULTS: DeliveryTuning = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  leaseMs: 300_000,
  concurrency: 8,
  random: Math.random,
};

/** The wait before the try after try `attempts` failed: base·2^(attempts−1), capped, scaled by a jitter in [½, 1). */
export function backoffMs(attempts: number, t: Pick<DeliveryTuning, 'baseDelayMs' | 'maxDelayMs' | 'random'>) {
  const exp = Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.5 + t.random() / 2));
}

/** The push `Topic` of a dedupe key (≤ 32 base64url characters): a resend replaces an undelivered copy. */
export const pushTopic = (dedupeKey: string) => createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32);

/** What is left to do after one try of a row: nothing, or a retry (the push service may say when). */
interface TryResult {
  failures: { error: string; retryAfterMs?: number }[];
  /** Why a row counts as done without a send (no device subscribed…). */
  note: string | null;
}

const SMS_BODY_MAX = 70;

/** The SMS of a notification: short zh-HK words and the link. */
export function smsText(text: NotificationText, publicUrl: string): string {
  const body = text.body.length > SMS_BODY_MAX ? `${text.body.slice(0, SMS_BODY_MAX - 1)}…` : text.body;
  return `【寶庫】${text.title}：${body}${text.link ? `\n${publicUrl}${text.link}` : ''}`;
}

/**
 * Delivers the outbox (issue 23, docs/decisions/038-notification-delivery.md): claims due rows with SKIP LOCKED under
 * a lease, sends each to its channel's targets outside any transaction, records each target's send at once (so a retry
 * never repeats it), then marks the row sent, or schedules the next try with backoff and jitter, or dead after
 * `maxAttempts`. Safe with any number of deliverers.
 */
export function createNotificationDeliveryService(
  deps: Pick<Deps, 'db' | 'clock' | 'sms' | 'log' | 'config'>,
  parts: { push: PushSender },
  tuning: Partial<DeliveryTuning> = {},
  repos: {
    outbox: NotificationOutboxRepository;
    subscriptions: PushSubscriptionsRepository;
    read: NotificationsReadModel;
  } = {
    outbox: createNotificationOutboxRepository(),
    subscriptions: createPushSubscriptionsRepository(),
    read: createNotificationsReadModel(),
  },
) {
  const t = { ...DELIVERY_DEFAULTS, ...tuning };
  const { outbox, subscriptions, read } = repos;
  const db = deps.db;

  async function sendSms(row: ClaimedRow, text: NotificationText, phone: string, done: Set<string>) {
    const result: TryResult = { failures: [], note: null };
    if (done.has('sms')) return result;
    try {
      await deps.sms.send({ to: phone, body: smsText(text, deps.config.publicUrl) });
    } catch (err) {
      result.failures.push({ error: `短訊發送失敗：${err instanceof Error ? err.message : String(err)}` });
      return result;
    }
    await outbox.recordSent(db, row.dedupeKey, 'sms', deps.clock.now());
    return result;
  }

  async function sendPush(row: ClaimedRow, text: NotificationText, done: Set<string>) {
    const result: TryResult = { failures: [], note: null };
    const devices = await subscriptions.ofUser(db, row.userId);
    if (devices.length === 0) return { ...result, note: '沒有已訂閱推送的裝置' };
    const payload = { title: text.title, link: text.link ?? '/my/notifications' };
    for (const device of devices) {
      if (done.has(device.id)) continue;
      const outcome = await parts.push.send(device, payload, { topic: pushTopic(row.dedupeKey) });
      if (outcome.kind === 'sent') {
        const at = deps.clock.now();
        await outbox.recordSent(db, row.dedupeKey, device.id, at);
        await subscriptions.touchSuccess(db, device.id, at);
      } else if (outcome.kind === 'gone') {
        await subscriptions.delete(db, device.id);
        deps.log.info({ subscriptionId: device.id, status: outcome.status }, 'push subscription gone: dropped');
      } else {
        result.failures.push({ error: outcome.error, retryAfterMs: outcome.retryAfterMs });
      }
    }
    return result;
  }

  /** One try of one claimed row, ending in sent, a later try, or dead. */
  async function deliver(row: ClaimedRow, text: NotificationText | undefined): Promise<void> {
    if (!text) {
      await outbox.markDead(db, row, deps.clock.now(), '找不到此通知');
      return;
    }
    // Read in the app before its turn came (a delivery behind, a device subscribed since): news no longer.
    if (text.readAt) {
      await outbox.markSent(db, row, '已在應用程式內閱讀，不再發送');
      return;
    }
    const recipient = await read.recipient(db, row.userId);
    if (!recipient?.active) {
      await outbox.markSent(db, row, '帳戶已停用，不再發送');
      return;
    }
    const done = await outbox.sentTargets(db, row.dedupeKey);
    const result =
      row.channel === 'sms' ? await sendSms(row, text, recipient.phone, done) : await sendPush(row, text, done);
    const now = deps.clock.now();
    if (result.failures.length === 0) {
      await outbox.markSent(db, row, result.note);
      return;
    }
    const error = result.failures.map((f) => f.error).join('；');
    if (row.attempts >= t.maxAttempts) {
      await outbox.markDead(db, row, now, error);
      deps.log.warn({ outboxId: row.id, attempts: row.attempts, error }, 'notification delivery gave up');
      return;
    }
    const asked = Math.max(0, ...result.failures.map((f) => f.retryAfterMs ?? 0));
    await outbox.reschedule(db, row, new Date(now.getTime() + Math.max(asked, backoffMs(row.attempts, t))), error);
  }

  return {
    /** Claims and delivers up to `limit` due rows; answers how many were claimed (a full batch: call again). */
    async deliverDue(limit: number): Promise<number> {
      const now = deps.clock.now();
      const claimed = await outbox.claimDue(db, now, new Date(now.getTime() + t.leaseMs), limit);
      if (claimed.length === 0) return 0;
      const texts = await outbox.texts(db, [...new Set(claimed.map((r) => r.notificationId))]);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < claimed.length; i = next++) {
          const row = claimed[i]!;
          try {
            await deliver(row, texts.get(row.notificationId));
          } catch (err) {
            // The row stays claimed until its lease ends, then is tried again.
            deps.log.warn({ err, outboxId: row.id }, 'notification delivery failed; retried after the lease');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(t.concurrency, claimed.length) }, worker));
      return claimed.length;
    },
  };
}
export type NotificationDeliveryService = ReturnType<typeof createNotificationDeliveryService>;

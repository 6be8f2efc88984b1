import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * The notification centre (issue 23, docs/decisions/034-notifications.md). A row per event that concerns a user,
 * written in the event's own transaction; `kind` names an entry of the registry
 * (`modules/notifications/notification-kinds.ts`). `title`, `body` and `link` are rendered at write time, so a
 * later change of wording does not rewrite history; `data` keeps the typed facts they came from.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text().primaryKey(),
    userId: userRef(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** An app path (`/my/collection/order?id=…`), or null when the entry opens nothing. */
    link: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    readAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count: only unread rows.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A user's choice for one kind and one channel; no row means the kind's default. In-app is always on. */
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: userRef(),
    kind: text().notNull(),
    channel: text({ enum: ['push', 'sms'] }).notNull(),
    enabled: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * What the push and SMS channels still have to send: one row per notification and channel the user enabled,
 * written in the same transaction as the notification. Delivery (another change) claims `pending` rows whose
 * `next_attempt_at` has come with `FOR UPDATE SKIP LOCKED`; `dedupe_key` (`<notification id>:<channel>`) stops a
 * second row, and so a second send.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: text().primaryKey(),
    notificationId: text()
      .notNull()
      .references(() => notifications.id),
    userId: userRef(),
    channel: text({ enum: ['push', 'sms'] }).notNull(),
    dedupeKey: text().notNull(),
    status: text({ enum: ['pending', 'sent', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: ts().notNull(),
    lastError: text(),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex('notification_outbox_dedupe_idx').on(t.dedupeKey),
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A browser's Web Push subscription (issue 23, docs/decisions/038-notification-delivery.md): one row per device,
 * the endpoint unique (a device signed in as someone else moves to them). Dropped when the push service answers
 * 404 or 410. `userAgent` is a short label (「Chrome · Android」), not the whole header.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text().primaryKey(),
    userId: userRef(),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text().notNull(),
    createdAt: ts().notNull(),
    lastSuccessAt: ts(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * What delivery has already handed over, per outbox dedupe key and target (a push subscription's id, or `sms`):
 * written as soon as a send succeeds, so a retry of the row (another target failed, or the row's mark was lost)
 * never sends to that target again (decision 038).
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    dedupeKey: text().notNull(),
    target: text().notNull(),
    sentAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dedupeKey, t.target] })],
);

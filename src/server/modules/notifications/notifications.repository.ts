import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { columnsOf, page } from '../../db/queries';
import { notificationOutbox, notificationPrefs, notifications } from '../../db/schema/notifications';
import type { NotifyChannel } from '../../../shared/schemas/notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export type OutboxRow = typeof notificationOutbox.$inferSelect;
export type NotificationStatus = 'unread' | 'read' | 'all';

const statusWhere = (userId: string, status: NotificationStatus) =>
  and(
    eq(notifications.userId, userId),
    status === 'unread'
      ? isNull(notifications.readAt)
      : status === 'read'
        ? isNotNull(notifications.readAt)
        : undefined,
  );

/** The notifications, their preferences and their outbox (docs/decisions/034-notifications.md). */
export function createNotificationsRepository() {
  return {
    async insert(tx: Tx, row: NotificationRow): Promise<void> {
      await tx.insert(notifications).values(row);
    },

    /** Outbox rows; a second row with the same dedupe key is dropped. */
    async enqueue(tx: Tx, rows: OutboxRow[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(notificationOutbox).values(rows).onConflictDoNothing({ target: notificationOutbox.dedupeKey });
    },

    /** Whether the user already has a notification of this kind with this `data` field value (once-only kinds). */
    async exists(db: Executor, userId: string, kind: string, field: string, value: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.kind, kind),
            sql`${notifications.data}->>${field} = ${value}`,
          ),
        )
        .limit(1);
      return !!row;
    },

    async page(db: Executor, userId: string, status: NotificationStatus, p: { limit: number; offset: number }) {
      return page(
        db
          .select()
          .from(notifications)
          .where(statusWhere(userId, status))
          .orderBy(desc(notifications.createdAt), desc(notifications.id)),
        db.select({ n: count() }).from(notifications).where(statusWhere(userId, status)),
        p,
      );
    },

    async unreadCount(db: Executor, userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(statusWhere(userId, 'unread'));
      return Number(row?.n ?? 0);
    },

    /** How many of these ids are the user's own notifications. */
    async countOwn(db: Executor, userId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      return Number(row?.n ?? 0);
    },

    /** Marks the user's own unread notifications read: these ids, or all; answers how many changed. */
    async markRead(db: Executor, userId: string, ids: string[] | 'all', at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(statusWhere(userId, 'unread'), ids === 'all' ? undefined : inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async prefsOf(db: Executor, userId: string) {
      return db
        .select(columnsOf(notificationPrefs, 'kind', 'channel', 'enabled'))
        .from(notificationPrefs)
        .where(eq(notificationPrefs.userId, userId));
    },

    async setPrefs(
      db: Executor,
      userId: string,
      prefs: { kind: string; channel: NotifyChannel; enabled: boolean }[],
    ): Promise<void> {
      if (prefs.length === 0) return;
      await db
        .insert(notificationPrefs)
        .values(prefs.map((p) => ({ userId, ...p })))
        .onConflictDoUpdate({
          target: [notificationPrefs.userId, notificationPrefs.kind, notificationPrefs.channel],
          set: { enabled: sql`excluded.enabled` },
        });
    },

    /** The outbox rows of some notifications (tests, and the delivery change). */
    async outboxOf(db: Executor, notificationIds: string[]): Promise<OutboxRow[]> {
      if (notificationIds.length === 0) return [];
      return db.select().from(notificationOutbox).where(inArray(notificationOutbox.notificationId, notificationIds));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

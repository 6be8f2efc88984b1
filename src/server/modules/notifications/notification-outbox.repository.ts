import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { page } from '../../db/queries';
import { notificationOutbox, notificationSends, notifications } from '../../db/schema/notifications';

/** An outbox row as a deliverer holds it: `attempts` counts this try, and fences every later write to the row. */
export interface ClaimedRow {
  id: string;
  notificationId: string;
  userId: string;
  channel: 'push' | 'sms';
  dedupeKey: string;
  attempts: number;
}

/** The words of a notification a channel sends. */
export interface NotificationText {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** When the user read it in the app (on any device): past news, no longer sent. */
  readAt: Date | null;
}

/** The write of one claim: only while the row is still pending and still this try's (`attempts`). */
const held = (row: Pick<ClaimedRow, 'id' | 'attempts'>) =>
  and(
    eq(notificationOutbox.id, row.id),
    eq(notificationOutbox.status, 'pending'),
    eq(notificationOutbox.attempts, row.attempts),
  );

/** The outbox as delivery works it, and the send markers (docs/decisions/038-notification-delivery.md). */
export function createNotificationOutboxRepository() {
  return {
    /**
     * Claims up to `limit` pending rows due by `now`, oldest due first, skipping rows another deliverer has locked:
     * each claimed row counts a try and is hidden until `leaseUntil` (past it, a deliverer that died mid-send has
     * its row taken again).
     */
    async claimDue(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedRow[]> {
      const due = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, now)))
        .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(notificationOutbox)
        .set({ attempts: sql`${notificationOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(notificationOutbox.id, due))
        .returning({
          id: notificationOutbox.id,
          notificationId: notificationOutbox.notificationId,
          userId: notificationOutbox.userId,
          channel: notificationOutbox.channel,
          dedupeKey: notificationOutbox.dedupeKey,
          attempts: notificationOutbox.attempts,
        });
      return rows;
    },

    async texts(db: Executor, ids: string[]): Promise<Map<string, NotificationText>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(inArray(notifications.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Done: every target has it (or there was none; `note` says why). False when the claim was lost. */
    async markSent(db: Executor, row: ClaimedRow, note: string | null): Promise<boolean> {
      const done = await db
        .update(notificationOutbox)
        .set({ status: 'sent', lastError: note })
        .where(held(row))
        .returning({ id: notificationOutbox.id });
      return done.length > 0;
    },

    async reschedule(db: Executor, row: ClaimedRow, at: Date, error: string): Promise<boolean> {
      const done = await db
        .update(notificationOutbox)
        .set({ nextAttemptAt: at, lastError: error })
        .where(held(row))
        .returning({ id: notificationOutbox.id });
      return done.length > 0;
    },

    async markDead(db: Executor, row: ClaimedRow, at: Date, error: string): Promise<boolean> {
      const done = await db
        .update(notificationOutbox)
        .set({ status: 'dead', nextAttemptAt: at, lastError: error })
        .where(held(row))
        .returning({ id: notificationOutbox.id });
      return done.length > 0;
    },

    /** The targets (subscription ids, `sms`) this dedupe key was already handed to. */
    async sentTargets(db: Executor, dedupeKey: string): Promise<Set<string>> {
      const rows = await db
        .select({ target: notificationSends.target })
        .from(notificationSends)
        .where(eq(notificationSends.dedupeKey, dedupeKey));
      return new Set(rows.map((r) => r.target));
    },

    async recordSent(db: Executor, dedupeKey: string, target: string, at: Date): Promise<void> {
      await db.insert(notificationSends).values({ dedupeKey, target, sentAt: at }).onConflictDoNothing();
    },

    /** Dead rows, newest failure first, with their notification's kind and title. */
    async dead(db: Executor, channel: 'push' | 'sms' | undefined, p: { limit: number; offset: number }) {
      const where = and(
        eq(notificationOutbox.status, 'dead'),
        channel ? eq(notificationOutbox.channel, channel) : undefined,
      );
      return page(
        db
          .select({
            id: notificationOutbox.id,
            userId: notificationOutbox.userId,
            channel: notificationOutbox.channel,
            attempts: notificationOutbox.attempts,
            lastError: notificationOutbox.lastError,
            failedAt: notificationOutbox.nextAttemptAt,
            createdAt: notificationOutbox.createdAt,
            kind: notifications.kind,
            title: notifications.title,
          })
          .from(notificationOutbox)
          .innerJoin(notifications, eq(notifications.id, notificationOutbox.notificationId))
          .where(where)
          .orderBy(desc(notificationOutbox.nextAttemptAt), desc(notificationOutbox.id)),
        db.select({ n: count() }).from(notificationOutbox).where(where),
        p,
      );
    },

    /** A dead row back to pending, due at `now`, its tries counted from zero; answers the row before, or null. */
    async revive(db: Executor, id: string, now: Date) {
      const rows = await db
        .update(notificationOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
        .where(and(eq(notificationOutbox.id, id), eq(notificationOutbox.status, 'dead')))
        .returning({ id: notificationOutbox.id, lastError: notificationOutbox.lastError });
      return rows[0] ?? null;
    },
  };
}
export type NotificationOutboxRepository = ReturnType<typeof createNotificationOutboxRepository>;

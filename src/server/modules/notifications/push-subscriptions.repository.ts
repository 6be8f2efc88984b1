import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Web Push subscriptions, one per device (docs/decisions/038-notification-delivery.md). */
export function createPushSubscriptionsRepository() {
  return {
    /**
     * Saves the device's subscription for `row.userId`: a known endpoint takes the new keys and the new user (the
     * device signed in as them), keeping its id. Answers the row as saved.
     */
    async upsert(db: Executor, row: PushSubscriptionRow): Promise<PushSubscriptionRow> {
      const [saved] = await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: sql`excluded.user_id`,
            p256dh: sql`excluded.p256dh`,
            auth: sql`excluded.auth`,
            userAgent: sql`excluded.user_agent`,
          },
        })
        .returning();
      return saved!;
    },

    /** Deletes the user's own subscription with this endpoint or id; answers how many went. */
    async deleteOwn(db: Executor, userId: string, by: { endpoint: string } | { id: string }): Promise<number> {
      const match = 'endpoint' in by ? eq(pushSubscriptions.endpoint, by.endpoint) : eq(pushSubscriptions.id, by.id);
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), match))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    async ofUser(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    },

    /** The push service said the subscription is gone (404 or 410). */
    async delete(db: Executor, id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async touchSuccess(db: Executor, id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;

/**
 * What notification delivery reads of the auth module's users (docs/decisions/038-notification-delivery.md): the
 * phone an SMS goes to, and whether the account may still be told anything. Read-only.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';

export function createNotificationsReadModel() {
  return {
    /** The recipient's phone (E.164) and status; null when there is no such user. */
    async recipient(db: Executor, userId: string): Promise<{ phone: string; active: boolean } | null> {
      const [row] = await db
        .select({ phone: users.phone, status: users.status })
        .from(users)
        .where(eq(users.id, userId));
      return row ? { phone: row.phone, active: row.status === 'active' } : null;
    },
  };
}
export type NotificationsReadModel = ReturnType<typeof createNotificationsReadModel>;

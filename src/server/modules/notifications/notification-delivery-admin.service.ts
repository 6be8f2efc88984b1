import type { Operator } from '../../../shared/actor';
import type { DeadLetter, DeadLetterQuery } from '../../../shared/schemas/push';
import { paging } from '../../db/queries';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { labelOf } from './notification-kinds';
import {
  createNotificationOutboxRepository,
  type NotificationOutboxRepository,
} from './notification-outbox.repository';

/** The back office's dead letters (decision 038): outbox rows delivery gave up on, and their 重試. */
export function createNotificationDeliveryAdminService(
  deps: Pick<Deps, 'db' | 'clock'>,
  services: { auth: Pick<AuthService, 'profiles'>; audit: Pick<AuditService, 'record'> },
  outbox: NotificationOutboxRepository = createNotificationOutboxRepository(),
) {
  return {
    /** Dead rows, the newest failure first, with their user, kind and last error. */
    async deadLetters(_operator: Operator, q: DeadLetterQuery & { page: number; pageSize: number }) {
      const { rows, total } = await outbox.dead(deps.db, q.channel, paging(q));
      const people = await services.auth.profiles(rows.map((r) => r.userId));
      const list: DeadLetter[] = rows.map((r) => {
        const who = people.get(r.userId);
        return {
          id: r.id,
          user: { id: r.userId, nickname: who?.nickname ?? '', phoneMasked: who?.phoneMasked ?? '' },
          channel: r.channel,
          kind: r.kind,
          label: labelOf(r.kind),
          title: r.title,
          attempts: r.attempts,
          lastError: r.lastError,
          failedAt: r.failedAt.toISOString(),
          createdAt: r.createdAt.toISOString(),
        };
      });
      return { rows: list, total };
    },

    /** 重試: a dead row back to pending, its tries from zero, due now; recorded in the audit log. */
    async retry(operator: Operator, input: { id: string }): Promise<{ id: string; status: 'pending' }> {
      await deps.db.transaction(async (tx) => {
        const before = await outbox.revive(tx, input.id, deps.clock.now());
        if (!before) throw notFound('找不到此失敗通知（可能已重試）');
        await services.audit.record(tx, operator, {
          action: 'notification.retry',
          targetType: 'notification_outbox',
          targetId: input.id,
          before: { status: 'dead', lastError: before.lastError },
          after: { status: 'pending', attempts: 0 },
        });
      });
      return { id: input.id, status: 'pending' };
    },
  };
}

import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf, contains } from '../../db/queries';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** Free text: part of the action, the target id or the request id. */
  q?: string;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
    f.q
      ? or(ilike(auditLog.action, contains(f.q)), ilike(auditLog.targetId, contains(f.q)), eq(auditLog.requestId, f.q))
      : undefined,
  );
}

/**
 * The back office's search over the audit log, with each actor's phone and nickname
 * (docs/decisions/012-audit-log.md). Read-only.
 */
export function createAuditReadModel() {
  return {
    async search(db: Executor, f: AuditFilter, page: { limit: number; offset: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            ...columnsOf(
              auditLog,
              'id',
              'action',
              'targetType',
              'targetId',
              'before',
              'after',
              'requestId',
              'createdAt',
            ),
            actor: { id: users.id, phone: users.phone, nickname: users.nickname },
          })
          .from(auditLog)
          .innerJoin(users, eq(users.id, auditLog.actorId))
          .where(where(f))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(auditLog).where(where(f)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type AuditReadModel = ReturnType<typeof createAuditReadModel>;

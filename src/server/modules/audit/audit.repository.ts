import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export type AuditRow = typeof auditLog.$inferInsert;

/** The audit log table: inserts only (a trigger refuses updates and deletes). */
export function createAuditRepository() {
  return {
    async insert(db: Executor, row: AuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

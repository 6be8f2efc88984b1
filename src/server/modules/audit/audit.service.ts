import type { AuditAction } from '../../../shared/audit-labels';
import { newId } from '../../adapters/ids';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Operator } from '../auth/auth.service';
import { redactForAudit } from './audit-redact';
import { createAuditReadModel, type AuditFilter, type AuditReadModel } from './audit.read-model';
import { createAuditRepository, type AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** A dotted verb with a Chinese name in AUDIT_ACTION_LABELS: `card_info.update`, `withdrawal.pay`… */
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  before?: object | null;
  after?: object | null;
}

const asRecord = (v: object | null | undefined) => (v ? (redactForAudit(v) as Record<string, unknown>) : null);

/** The append-only record of operator actions (PRODUCT.md §8). */
export function createAuditService(
  deps: Pick<Deps, 'db' | 'clock'>,
  repos: { audit: AuditRepository; read: AuditReadModel } = {
    audit: createAuditRepository(),
    read: createAuditReadModel(),
  },
) {
  const { audit: repo, read: readModel } = repos;
  return {
    /**
     * Records one operator action. Pass the transaction that makes the change, so the record and the
     * change commit or roll back together; secrets in `before`/`after` are redacted here.
     */
    async record(tx: Executor, operator: Operator, entry: AuditEntry): Promise<void> {
      await repo.insert(tx, {
        id: newId('aud'),
        actorId: operator.userId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: asRecord(entry.before),
        after: asRecord(entry.after),
        requestId: operator.requestId,
        createdAt: deps.clock.now(),
      });
    },

    /** Newest first; `total` counts every match for the back office's pager. */
    async search(_operator: Operator, f: AuditFilter, page: { page: number; pageSize: number }) {
      const { rows, total } = await readModel.search(deps.db, f, {
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import type { Vault } from '../../adapters/vault';
import { conflict, notFound } from '../../errors';
import type { AdminCodeBatch } from '../../../shared/schemas/admin-codes';
import type { Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createCodesRepository, type CodesRepository } from './codes.repository';
import type { CodesService } from './codes.service';
import { paging } from '../../db/queries';

/**
 * Code batches from the running server (issue 11): the same generation as `npm run codes`, with the clear codes
 * kept encrypted (vault purpose `codeBatchCsv`, a key derived from APP_SECRET for that use only) until the
 * operator downloads the CSV once; then they are wiped. Voiding a batch wipes them too.
 */
export function createCodesAdminService(
  deps: Pick<Deps, 'db' | 'clock'>,
  svc: { codes: CodesService; catalogue: CatalogueService; audit: AuditService; vault: Vault },
  repo: CodesRepository = createCodesRepository(),
) {
  async function view(rows: Awaited<ReturnType<typeof repo.adminBatches>>['rows']): Promise<AdminCodeBatch[]> {
    const [infos, themes] = await Promise.all([
      svc.catalogue.cardInfosById(deps.db, [...new Set(rows.flatMap((r) => (r.cardInfoId ? [r.cardInfoId] : [])))]),
      svc.catalogue.themeNamesById(deps.db, [...new Set(rows.flatMap((r) => (r.themeId ? [r.themeId] : [])))]),
    ]);
    const infoNames = new Map(infos.map((i) => [i.id, i.name]));
    const themeNames = new Map(themes.map((t) => [t.id, t.name]));
    return rows.map((r) => ({
      id: r.id,
      target: r.cardInfoId
        ? { kind: 'cardInfo', id: r.cardInfoId, name: infoNames.get(r.cardInfoId) ?? '' }
        : { kind: 'theme', id: r.themeId ?? '', name: themeNames.get(r.themeId ?? '') ?? '' },
      count: r.count,
      used: r.used,
      unused: r.unused,
      voided: r.voided,
      status: r.status,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdBy,
      csvAvailable: Boolean(r.csvAvailable),
      csvDownloadedAt: r.csvDownloadedAt ? r.csvDownloadedAt.toISOString() : null,
    }));
  }

  async function one(db: Executor, id: string): Promise<AdminCodeBatch> {
    const { rows } = await repo.adminBatches(db, { id, limit: 1, offset: 0 });
    if (!rows[0]) throw notFound('找不到此批次');
    return (await view(rows))[0]!;
  }

  return {
    async list(_op: Operator, q: { page: number; pageSize: number; status?: 'active' | 'voided' }) {
      const { rows, total } = await repo.adminBatches(deps.db, {
        status: q.status,
        ...paging(q),
      });
      return { rows: await view(rows), total };
    },

    /** Generates a batch; its clear codes wait, encrypted, for one download of the CSV. */
    async create(
      op: Operator,
      input: { cardInfoId?: string; themeId?: string; count: number; note: string },
    ): Promise<AdminCodeBatch> {
      const { batch } = await svc.codes.createBatch(input, {
        createdBy: op.userId,
        seal: (csv) => svc.vault.seal('codeBatchCsv', csv),
        inTransaction: async (tx, b) => {
          // The record names the batch, never a code.
          await svc.audit.record(tx, op, {
            action: 'code_batch.create',
            targetType: 'code_batch',
            targetId: b.id,
            after: {
              target: b.target,
              count: b.count,
              note: input.note,
              cardInfoId: input.cardInfoId ?? null,
              themeId: input.themeId ?? null,
            },
          });
        },
      });
      return one(deps.db, batch.id);
    },

    /**
     * The batch's CSV of clear codes, the first time only: decrypted and wiped in one transaction, so two
     * concurrent downloads cannot both get it. Afterwards (or for a CLI batch, whose codes were never kept) 409.
     */
    async takeCsv(op: Operator, id: string): Promise<{ filename: string; csv: string }> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.lockCsv(tx, id);
        if (!row) throw notFound('找不到此批次');
        if (!row.csvCipher || !row.csvKeyId) {
          if (row.csvDownloadedAt)
            throw conflict(
              `此批次的兌換碼已下載過（${row.csvDownloadedAt.toISOString()}），明文已刪除，不能再次下載`,
              'csv_taken',
            );
          throw conflict(
            row.createdBy
              ? '此批次已作廢，兌換碼明文已刪除'
              : '此批次由命令列（npm run codes）建立，明文只寫入當時的 CSV 檔案',
            'csv_not_held',
          );
        }
        const csv = svc.vault.open(row.csvKeyId, row.csvCipher);
        await repo.wipeCsv(tx, id, deps.clock.now());
        await svc.audit.record(tx, op, { action: 'code_batch.download', targetType: 'code_batch', targetId: id });
        return { filename: `codes-${id}.csv`, csv };
      });
    },

    /** Voids a batch: its unused codes stop working (redeemed ones keep their cards) and any held CSV is wiped. */
    async void(op: Operator, id: string): Promise<AdminCodeBatch> {
      const before = await one(deps.db, id);
      await deps.db.transaction(async (tx) => {
        const voided = await repo.voidBatch(tx, id, deps.clock.now());
        if (voided === null) throw conflict('此批次已作廢', 'voided');
        await repo.wipeCsv(tx, id, null);
        await svc.audit.record(tx, op, {
          action: 'code_batch.void',
          targetType: 'code_batch',
          targetId: id,
          before: { status: before.status, unused: before.unused },
          after: { status: 'voided', voidedCodes: voided },
        });
      });
      return one(deps.db, id);
    },
  };
}

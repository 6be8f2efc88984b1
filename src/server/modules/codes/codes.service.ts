import { EXCHANGE_CODE_FAILURES_PER_HOUR } from '../../../shared/constants';
import { formatExchangeCode, withCheckCharacter } from '../../../shared/exchange-code';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound, rateLimited } from '../../errors';
import { newId, randomBase32 } from '../../adapters/ids';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createCodesRepository, type CodesRepository } from './codes.repository';

export const MAX_BATCH_SIZE = 100_000;
const HOUR_MS = 3600_000;
const INSERT_CHUNK = 1000;

/** Messages that say what is wrong with a code without telling which codes exist or who used them. */
export const CODE_FAILURES = {
  unknown: '兌換碼無效，請檢查後再輸入',
  spent: '此兌換碼已被使用或已失效',
  tooMany: '兌換碼錯誤次數過多，請一小時後再試',
} as const;

/** `AppError.reason` of a redemption that counts as a failed guess (unknown, or used / voided). */
export const CODE_FAILURE_REASONS = { unknown: 'code_unknown', spent: 'code_spent' } as const;
const COUNTED = new Set<string>(Object.values(CODE_FAILURE_REASONS));

/** Whether this error is a wrong or spent code, which counts against the hourly limit. */
export function isCountedCodeFailure(err: unknown): boolean {
  return err instanceof AppError && err.reason !== undefined && COUNTED.has(err.reason);
}

export interface BatchTarget {
  cardInfoId?: string;
  themeId?: string;
}

export interface CreateBatchOptions {
  /** The operator who generated it (back office). */
  createdBy?: string;
  /** Encrypts the batch's CSV, kept until its one download (back office); unset, the clear codes are not stored. */
  seal?: (csv: string) => { keyId: string; cipher: string };
  /** Runs inside the batch's transaction (the audit record). */
  inTransaction?: (tx: Tx, batch: { id: string; target: string; count: number; createdAt: Date }) => Promise<void>;
}

/** One CSV field: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
const csvField = (raw: string) => {
  const value = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};
export const csvRow = (fields: string[]) => `${fields.map(csvField).join(',')}\n`;

/** The CSV of a batch's clear codes, as `npm run codes` writes it and the back office downloads it. */
export function batchCsv(batch: { id: string; target: string }, codes: string[], publicUrl: string): string {
  return (
    csvRow(['code', 'batch_id', 'target', 'url']) +
    codes
      .map((code) =>
        csvRow([
          formatExchangeCode(code),
          batch.id,
          batch.target,
          `${publicUrl}/my/card?code=${encodeURIComponent(code)}`,
        ]),
      )
      .join('')
  );
}

/** A claimed code: what it grants. */
export interface ClaimedCode {
  id: string;
  cardInfoId: string | null;
  themeId: string | null;
}

/** Exchange code batches (operators) and the code side of a redemption (hash, claim, failure limit). */
export function createCodesService(
  deps: Pick<Deps, 'config' | 'db' | 'clock' | 'keys'>,
  services: { catalogue: CatalogueService },
  repo: CodesRepository = createCodesRepository(),
) {
  const hash = (code: string) => deps.keys.hmac('exchangeCode', code);

  return {
    /**
     * Generates a batch of `count` codes for a card info or a theme. Only their keyed hashes are
     * stored: the clear codes are in the answer, once, for the operator to export. The back office
     * passes `opts`: who made it, the sealed CSV to keep until its one download, and its audit record,
     * all in the batch's transaction.
     */
    async createBatch(input: BatchTarget & { count: number; note?: string }, opts: CreateBatchOptions = {}) {
      if ((input.cardInfoId === undefined) === (input.themeId === undefined)) throw invalid('請指定卡牌或卡冊其中一項');
      if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_BATCH_SIZE)
        throw invalid(`數量須為 1 至 ${MAX_BATCH_SIZE} 之間的整數`);
      let targetName: string;
      if (input.cardInfoId !== undefined) {
        const [info] = await services.catalogue.cardInfosById(deps.db, [input.cardInfoId]);
        if (!info) throw notFound('找不到此卡牌');
        if (info.isBCard) throw invalid('B 卡只可透過集齊卡冊兌換，不能發行兌換碼');
        targetName = info.name;
      } else {
        const theme = await services.catalogue.theme(deps.db, input.themeId!);
        if (!theme) throw notFound('找不到此卡冊');
        if ((await services.catalogue.setCardInfos(deps.db, theme.id)).length === 0)
          throw invalid('此卡冊沒有可兌換的卡牌');
        targetName = theme.name;
      }
      const codes = new Set<string>();
      while (codes.size < input.count) codes.add(withCheckCharacter(randomBase32(16)));
      const now = deps.clock.now();
      const batchId = newId('cbt');
      const batch = { id: batchId, target: targetName, count: input.count, createdAt: now };
      const sealed = opts.seal ? opts.seal(batchCsv(batch, [...codes], deps.config.publicUrl)) : null;
      await deps.db.transaction(async (tx) => {
        await repo.insertBatch(tx, {
          id: batchId,
          cardInfoId: input.cardInfoId ?? null,
          themeId: input.themeId ?? null,
          count: input.count,
          note: input.note ?? '',
          createdAt: now,
          createdBy: opts.createdBy ?? null,
          csvCipher: sealed?.cipher ?? null,
          csvKeyId: sealed?.keyId ?? null,
        });
        const rows = [...codes].map((code) => ({
          id: newId('xcd'),
          batchId,
          codeHash: hash(code),
          cardInfoId: input.cardInfoId ?? null,
          themeId: input.themeId ?? null,
          createdAt: now,
        }));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await repo.insertCodes(tx, rows.slice(i, i + INSERT_CHUNK));
        await opts.inTransaction?.(tx, batch);
      });
      return { batch, codes: [...codes] };
    },

    /** Every batch, newest first, with its unused / used / voided counts. */
    async listBatches() {
      const rows = await repo.batches(deps.db);
      const [infos, themes] = await Promise.all([
        services.catalogue.cardInfosById(deps.db, [
          ...new Set(rows.flatMap((r) => (r.cardInfoId ? [r.cardInfoId] : []))),
        ]),
        services.catalogue.themeNamesById(deps.db, [...new Set(rows.flatMap((r) => (r.themeId ? [r.themeId] : [])))]),
      ]);
      const infoNames = new Map(infos.map((i) => [i.id, i.name]));
      const themeNames = new Map(themes.map((t) => [t.id, t.name]));
      // A batch has exactly one target (a CHECK constraint), which a foreign key keeps in the catalogue.
      const target = (r: (typeof rows)[number]) =>
        (r.cardInfoId ? infoNames.get(r.cardInfoId) : r.themeId ? themeNames.get(r.themeId) : undefined) ?? '';
      return rows.map((r) => ({ ...r, target: target(r) }));
    },

    /** Voids a batch: its unused codes stop working; codes already redeemed keep their cards. */
    async voidBatch(batchId: string) {
      const voided = await deps.db.transaction((tx) => repo.voidBatch(tx, batchId, deps.clock.now()));
      if (voided !== null) return { batchId, voidedCodes: voided };
      const status = await repo.batchStatus(deps.db, batchId);
      if (!status) throw notFound('找不到此批次');
      throw conflict('此批次已作廢');
    },

    /** Throws 429 when any subject (`user:<id>`, `ip:<address>`) had 10 failures in the last hour. */
    async assertNotLocked(subjects: string[]) {
      const since = new Date(deps.clock.now().getTime() - HOUR_MS);
      if ((await repo.failuresSince(deps.db, subjects, since)) >= EXCHANGE_CODE_FAILURES_PER_HOUR)
        throw rateLimited(CODE_FAILURES.tooMany);
    },

    /** Counts one failed redemption against each subject; outside any transaction, so it stays. */
    async recordFailure(subjects: string[]) {
      const now = deps.clock.now();
      await repo.insertFailures(
        deps.db,
        subjects.map((subject) => ({ id: newId('xcf'), subject, createdAt: now })),
      );
      await repo.pruneFailures(deps.db, subjects, new Date(now.getTime() - 24 * HOUR_MS));
    },

    /** Throws the 404 / 409 for a code that cannot be redeemed now (a read; the claim decides). */
    async assertRedeemable(code: string) {
      const row = await repo.findCode(deps.db, hash(code));
      if (!row) throw notFound(CODE_FAILURES.unknown, CODE_FAILURE_REASONS.unknown);
      if (row.status !== 'unused') throw conflict(CODE_FAILURES.spent, CODE_FAILURE_REASONS.spent);
    },

    /** Marks the code used by `userId` inside the redemption's transaction; exactly one concurrent claim wins. */
    async claim(tx: Tx, code: string, userId: string): Promise<ClaimedCode> {
      const claimed = await repo.claimCode(tx, hash(code), userId, deps.clock.now());
      if (claimed) return claimed;
      const row = await repo.findCode(tx, hash(code));
      if (!row) throw notFound(CODE_FAILURES.unknown, CODE_FAILURE_REASONS.unknown);
      throw conflict(CODE_FAILURES.spent, CODE_FAILURE_REASONS.spent);
    },
  };
}
export type CodesService = ReturnType<typeof createCodesService>;

import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { codeBatches, exchangeCodeFailures, exchangeCodes } from '../../db/schema/codes';

/** What every view of a code batch shows. */
const batchColumns = columnsOf(codeBatches, 'id', 'cardInfoId', 'themeId', 'count', 'note', 'status', 'createdAt');

export function createCodesRepository() {
  return {
    async insertBatch(db: Executor, row: typeof codeBatches.$inferInsert) {
      await db.insert(codeBatches).values(row);
    },

    async insertCodes(db: Executor, rows: (typeof exchangeCodes.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(exchangeCodes).values(rows);
    },

    /**
     * Batches, newest first, with how many of their codes are unused, used and voided. The
     * target's name is the catalogue's: the service looks the names up in one query per kind.
     */
    async batches(db: Executor) {
      return db
        .select({
          ...batchColumns,
          voidedAt: codeBatches.voidedAt,
          unused: sql<number>`count(*) filter (where ${exchangeCodes.status} = 'unused')`.mapWith(Number),
          used: sql<number>`count(*) filter (where ${exchangeCodes.status} = 'used')`.mapWith(Number),
          voided: sql<number>`count(*) filter (where ${exchangeCodes.status} = 'voided')`.mapWith(Number),
        })
        .from(codeBatches)
        .leftJoin(exchangeCodes, eq(exchangeCodes.batchId, codeBatches.id))
        .groupBy(codeBatches.id)
        .orderBy(desc(codeBatches.createdAt), desc(codeBatches.id));
    },

    /** One page of batches for the back office, newest first, with code counts and whether the CSV is still held. */
    async adminBatches(db: Executor, f: { id?: string; status?: 'active' | 'voided'; limit: number; offset: number }) {
      const where = and(
        f.id ? eq(codeBatches.id, f.id) : undefined,
        f.status ? eq(codeBatches.status, f.status) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select({
            ...batchColumns,
            createdBy: codeBatches.createdBy,
            csvAvailable: sql<boolean>`(${codeBatches.csvCipher} is not null)`,
            csvDownloadedAt: codeBatches.csvDownloadedAt,
            unused:
              sql<number>`(select count(*) from exchange_codes x where x.batch_id = "code_batches"."id" and x.status = 'unused')::int`.mapWith(
                Number,
              ),
            used: sql<number>`(select count(*) from exchange_codes x where x.batch_id = "code_batches"."id" and x.status = 'used')::int`.mapWith(
              Number,
            ),
            voided:
              sql<number>`(select count(*) from exchange_codes x where x.batch_id = "code_batches"."id" and x.status = 'voided')::int`.mapWith(
                Number,
              ),
          })
          .from(codeBatches)
          .where(where)
          .orderBy(desc(codeBatches.createdAt), desc(codeBatches.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(codeBatches).where(where),
      ]);
      return { rows, total: Number(total[0]?.n ?? 0) };
    },

    /** A batch's held CSV, row-locked for its one download. */
    async lockCsv(db: Executor, id: string) {
      const rows = await db
        .select(columnsOf(codeBatches, 'id', 'csvCipher', 'csvKeyId', 'csvDownloadedAt', 'createdBy'))
        .from(codeBatches)
        .where(eq(codeBatches.id, id))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    /** Forgets a batch's clear codes; `downloadedAt` records the one download (null when voided instead). */
    async wipeCsv(db: Executor, id: string, downloadedAt: Date | null) {
      await db
        .update(codeBatches)
        .set({ csvCipher: null, csvKeyId: null, ...(downloadedAt ? { csvDownloadedAt: downloadedAt } : {}) })
        .where(eq(codeBatches.id, id));
    },

    /** Voids an active batch and its unused codes; answers how many codes it voided, or null. */
    async voidBatch(db: Executor, id: string, at: Date) {
      const batch = await db
        .update(codeBatches)
        .set({ status: 'voided', voidedAt: at })
        .where(and(eq(codeBatches.id, id), eq(codeBatches.status, 'active')))
        .returning({ id: codeBatches.id });
      if (batch.length === 0) return null;
      const codes = await db
        .update(exchangeCodes)
        .set({ status: 'voided' })
        .where(and(eq(exchangeCodes.batchId, id), eq(exchangeCodes.status, 'unused')))
        .returning({ id: exchangeCodes.id });
      return codes.length;
    },

    async batchStatus(db: Executor, id: string) {
      const rows = await db
        .select({ status: codeBatches.status })
        .from(codeBatches)
        .where(eq(codeBatches.id, id))
        .limit(1);
      return rows[0]?.status ?? null;
    },

    async findCode(db: Executor, codeHash: string) {
      const rows = await db
        .select(columnsOf(exchangeCodes, 'id', 'status', 'cardInfoId', 'themeId'))
        .from(exchangeCodes)
        .where(eq(exchangeCodes.codeHash, codeHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Marks an unused code used by `userId`. The row lock of this conditional UPDATE makes
     * concurrent redemptions of one code wait; all but one then see it used and change nothing.
     */
    async claimCode(db: Executor, codeHash: string, userId: string, at: Date) {
      const rows = await db
        .update(exchangeCodes)
        .set({ status: 'used', usedBy: userId, usedAt: at })
        .where(and(eq(exchangeCodes.codeHash, codeHash), eq(exchangeCodes.status, 'unused')))
        .returning({ id: exchangeCodes.id, cardInfoId: exchangeCodes.cardInfoId, themeId: exchangeCodes.themeId });
      return rows[0] ?? null;
    },

    /** The most failures any of the subjects had since `since`. */
    async failuresSince(db: Executor, subjects: string[], since: Date) {
      const rows = await db
        .select({ subject: exchangeCodeFailures.subject, n: count() })
        .from(exchangeCodeFailures)
        .where(and(inArray(exchangeCodeFailures.subject, subjects), gt(exchangeCodeFailures.createdAt, since)))
        .groupBy(exchangeCodeFailures.subject);
      return rows.reduce((max, r) => Math.max(max, Number(r.n)), 0);
    },

    async insertFailures(db: Executor, rows: (typeof exchangeCodeFailures.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(exchangeCodeFailures).values(rows);
    },

    /** Forgets these subjects' failures too old to count. */
    async pruneFailures(db: Executor, subjects: string[], before: Date) {
      await db
        .delete(exchangeCodeFailures)
        .where(and(inArray(exchangeCodeFailures.subject, subjects), lt(exchangeCodeFailures.createdAt, before)));
    },
  };
}
export type CodesRepository = ReturnType<typeof createCodesRepository>;

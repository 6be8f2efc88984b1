import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { loginTokens, smsCodes } from '../../db/schema/auth';
import { revokeOnce } from './revoke.repository';

/** Advisory-lock namespaces: one per kind of key, so a phone and an IP never share a lock. */
const LOCK_PHONE = 727301;
const LOCK_IP = 727302;

const codeColumns = columnsOf(
  smsCodes,
  'id',
  'phone',
  'purpose',
  'codeHash',
  'attempts',
  'createdAt',
  'expiresAt',
  'consumedAt',
  'revokedAt',
);

export function createSmsRepository() {
  return {
    /**
     * Serialises sends for one phone and one IP until the transaction ends, on every server
     * instance sharing the database (phone first, then IP, so two sends never wait on each other in a cycle).
     */
    async lockSender(tx: Tx, phone: string, ip: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}, hashtext(${phone}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${ip}))`);
    },

    async countForPhoneSince(db: Executor, phone: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)));
      return rows[0]?.n ?? 0;
    },

    async countForIpSince(db: Executor, ip: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, since)));
      return rows[0]?.n ?? 0;
    },

    /** When the newest code for this phone and purpose was sent, or null. */
    async lastSentAt(db: Executor, phone: string, purpose: string): Promise<Date | null> {
      const rows = await db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },

    /** Revokes every still-usable code of this phone and purpose (a newer one replaces them). */
    async revokeOpen(db: Executor, phone: string, purpose: string, at: Date) {
      await db
        .update(smsCodes)
        .set({ revokedAt: at })
        .where(
          and(
            eq(smsCodes.phone, phone),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
            isNull(smsCodes.revokedAt),
          ),
        );
    },

    async insertCode(db: Executor, row: typeof smsCodes.$inferInsert) {
      await db.insert(smsCodes).values(row);
    },

    revokeCode: (db: Executor, id: string, at: Date) => revokeOnce(db, smsCodes, id, at),

    /** The newest code for this phone and purpose, locked for the rest of the transaction. */
    async latestCodeForUpdate(tx: Tx, phone: string, purpose: string) {
      const rows = await tx
        .select(codeColumns)
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    async codeForUpdate(tx: Tx, id: string) {
      const rows = await tx.select(codeColumns).from(smsCodes).where(eq(smsCodes.id, id)).limit(1).for('update');
      return rows[0] ?? null;
    },

    /** Counts a wrong try; revokes the code when `revokeAt` is given (the last allowed try). */
    async recordFailure(tx: Tx, id: string, revokeAt: Date | null) {
      await tx
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1`, ...(revokeAt ? { revokedAt: revokeAt } : {}) })
        .where(eq(smsCodes.id, id));
    },

    async consumeCode(tx: Tx, id: string, at: Date) {
      await tx.update(smsCodes).set({ consumedAt: at }).where(eq(smsCodes.id, id));
    },

    async insertLoginToken(db: Executor, row: typeof loginTokens.$inferInsert) {
      await db.insert(loginTokens).values(row);
    },

    /** A one-tap login token by hash, locked for the rest of the transaction. */
    async loginTokenForUpdate(tx: Tx, tokenHash: string) {
      const rows = await tx
        .select(columnsOf(loginTokens, 'id', 'phone', 'smsCodeId', 'expiresAt', 'usedAt'))
        .from(loginTokens)
        .where(eq(loginTokens.tokenHash, tokenHash))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    async useLoginToken(tx: Tx, id: string, at: Date) {
      await tx.update(loginTokens).set({ usedAt: at }).where(eq(loginTokens.id, id));
    },

    /** Marks the login link sent with this code as used (the code itself was used instead). */
    async useLoginTokensOfCode(tx: Tx, smsCodeId: string, at: Date) {
      await tx
        .update(loginTokens)
        .set({ usedAt: at })
        .where(and(eq(loginTokens.smsCodeId, smsCodeId), isNull(loginTokens.usedAt)));
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;

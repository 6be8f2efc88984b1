import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../db/schema/wallet';

/** Reads of the books for operators: trial balance, journal, and the facts reconciliation compares. */
export function createLedgerViewsRepository() {
  return {
    /** Balance and number of accounts per account type. */
    async trialBalance(db: Executor) {
      const rows = await db
        .select({
          type: ledgerAccounts.type,
          accounts: sql<number>`count(*)::int`,
          balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)`,
        })
        .from(ledgerAccounts)
        .groupBy(ledgerAccounts.type);
      return rows.map((r) => ({ type: r.type, accounts: Number(r.accounts), balance: Number(r.balance) }));
    },

    /** Postings, newest first, filtered; an account filter keeps postings with an entry on it. */
    async postings(
      db: Executor,
      q: { kind?: string; accountId?: string; refId?: string; from?: Date; to?: Date; limit: number; offset: number },
    ) {
      const where = and(
        q.kind ? eq(ledgerPostings.kind, q.kind) : undefined,
        q.refId ? eq(ledgerPostings.refId, q.refId) : undefined,
        q.from ? gte(ledgerPostings.createdAt, q.from) : undefined,
        q.to ? lt(ledgerPostings.createdAt, q.to) : undefined,
        q.accountId
          ? sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.postingId} = ${ledgerPostings.id} and ${ledgerEntries.accountId} = ${q.accountId})`
          : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: ledgerPostings.id,
            kind: ledgerPostings.kind,
            refId: ledgerPostings.refId,
            createdAt: ledgerPostings.createdAt,
          })
          .from(ledgerPostings)
          .where(where)
          .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerPostings)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async entriesOf(db: Executor, postingIds: string[]) {
      if (postingIds.length === 0) return [];
      return db
        .select({
          postingId: ledgerEntries.postingId,
          accountId: ledgerEntries.accountId,
          kind: ledgerEntries.kind,
          amount: ledgerEntries.amount,
          description: ledgerEntries.description,
        })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.postingId, postingIds))
        .orderBy(ledgerEntries.id);
    },

    /** Postings of these kinds, with what each moved through one account (0 when it has no entry there). */
    async postingsOfKinds(db: Executor, kinds: string[], accountId: string) {
      const rows = await db
        .select({
          kind: ledgerPostings.kind,
          refId: ledgerPostings.refId,
          onAccount: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.accountId} = ${accountId}), 0)`,
        })
        .from(ledgerPostings)
        .leftJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
        .where(inArray(ledgerPostings.kind, kinds))
        .groupBy(ledgerPostings.id, ledgerPostings.kind, ledgerPostings.refId);
      return rows.map((r) => ({ kind: r.kind, refId: r.refId, onAccount: Number(r.onAccount) }));
    },
  };
}
export type LedgerViewsRepository = ReturnType<typeof createLedgerViewsRepository>;

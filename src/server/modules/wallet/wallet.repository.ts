import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { ledgerAccounts, ledgerEntries, ledgerPostings, withdrawals } from '../../db/schema/wallet';

export type AccountType = (typeof ledgerAccounts.$inferInsert)['type'];
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export function createWalletRepository() {
  return {
    /** Records a posting once per (kind, ref); false when it was already booked. */
    async insertPosting(db: Executor, row: typeof ledgerPostings.$inferInsert): Promise<boolean> {
      const out = await db
        .insert(ledgerPostings)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: ledgerPostings.id });
      return out.length > 0;
    },

    async ensureAccounts(db: Executor, rows: (typeof ledgerAccounts.$inferInsert)[]) {
      await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
    },

    /** Moves the cached balance by `amount` unless that would take a non-clearing account below zero. */
    async applyToBalance(db: Executor, accountId: string, amount: number): Promise<boolean> {
      const out = await db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
        .where(
          and(
            eq(ledgerAccounts.id, accountId),
            sql`(${ledgerAccounts.type} IN ('provider_clearing', 'promotions') OR ${ledgerAccounts.balance} + ${amount} >= 0)`,
          ),
        )
        .returning({ id: ledgerAccounts.id });
      return out.length > 0;
    },

    async insertEntries(db: Executor, rows: (typeof ledgerEntries.$inferInsert)[]) {
      await db.insert(ledgerEntries).values(rows);
    },

    async balances(db: Executor, accountIds: string[]) {
      if (accountIds.length === 0) return [];
      return db
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, accountIds));
    },

    async entries(db: Executor, accountId: string, limit: number, offset: number) {
      return db
        .select(columnsOf(ledgerEntries, 'id', 'kind', 'amount', 'refId', 'description', 'createdAt'))
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, accountId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit)
        .offset(offset);
    },

    /** Checks of the books (tests and the property test): per-posting sums, per-account sums against the cache. */
    async audit(db: Executor) {
      const unbalanced = await db
        .select({ postingId: ledgerEntries.postingId, total: sql<string>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.postingId)
        .having(sql`sum(${ledgerEntries.amount}) <> 0`);
      const accounts = await db
        .select({
          ...columnsOf(ledgerAccounts, 'id', 'type', 'userId'),
          cached: ledgerAccounts.balance,
        })
        .from(ledgerAccounts);
      const sums = await db
        .select({ id: ledgerEntries.accountId, total: sql<string>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.accountId);
      const byId = new Map(sums.map((r) => [r.id, Number(r.total)]));
      return {
        unbalanced,
        accounts: accounts.map((a) => ({ ...a, cached: Number(a.cached), summed: byId.get(a.id) ?? 0 })),
      };
    },

    async insertWithdrawal(db: Executor, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [out] = await db.insert(withdrawals).values(row).returning();
      return out!;
    },

    async withdrawal(db: Executor, id: string): Promise<WithdrawalRow | null> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row ?? null;
    },

    async withdrawals(
      db: Executor,
      q: { userId?: string; status?: WithdrawalRow['status']; limit: number; offset: number },
    ) {
      const where = [
        q.userId ? eq(withdrawals.userId, q.userId) : undefined,
        q.status ? eq(withdrawals.status, q.status) : undefined,
      ].filter(Boolean);
      return db
        .select()
        .from(withdrawals)
        .where(and(...where))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    async countWithdrawals(db: Executor, q: { status?: WithdrawalRow['status'] }): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(q.status ? eq(withdrawals.status, q.status) : undefined);
      return Number(row?.n ?? 0);
    },

    async pendingWithdrawalTotal(db: Executor, userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
      return Number(row?.total ?? 0);
    },

    /** pending → paid / rejected, only from pending: null when someone decided first. */
    async decideWithdrawal(
      db: Executor,
      id: string,
      set: Partial<typeof withdrawals.$inferInsert> & { status: 'paid' | 'rejected' },
    ) {
      const [row] = await db
        .update(withdrawals)
        .set(set)
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
        .returning();
      return row ?? null;
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;

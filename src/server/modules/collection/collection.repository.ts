import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { themeExchanges } from '../../db/schema/collection';

/** The collection module's own table: one row per set exchanged for its B card. */
export function createCollectionRepository() {
  return {
    /** Serialises set exchanges of one user and theme (two taps, two instances). */
    async lockUserTheme(db: Executor, userId: string, themeId: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext('theme-exchange'), hashtext(${`${userId}:${themeId}`}))`,
      );
    },

    async findExchange(db: Executor, userId: string, themeId: string) {
      const rows = await db
        .select({ id: themeExchanges.id })
        .from(themeExchanges)
        .where(and(eq(themeExchanges.userId, userId), eq(themeExchanges.themeId, themeId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertExchange(db: Executor, row: typeof themeExchanges.$inferInsert) {
      await db.insert(themeExchanges).values(row);
    },
  };
}
export type CollectionRepository = ReturnType<typeof createCollectionRepository>;

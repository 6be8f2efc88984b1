import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { page } from '../../db/queries';
import { alertMarks, priceAlerts } from '../../db/schema/alerts';

export type AlertRow = typeof priceAlerts.$inferSelect;
export type AlertItemKind = AlertRow['itemKind'];
export type MarkKind = (typeof alertMarks.$inferSelect)['kind'];

/** The price alerts and the once-only marks of drops and sets (docs/decisions/039-price-alerts.md). */
export function createAlertsRepository() {
  return {
    /** Serialises one user's creates, so two at once cannot both take the last place under the limit. */
    async lockUser(tx: Tx, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alert-create'), hashtext(${userId}))`);
    },

    async countOf(db: Executor, userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
      return Number(row?.n ?? 0);
    },

    async insert(tx: Tx, row: AlertRow): Promise<void> {
      await tx.insert(priceAlerts).values(row);
    },

    /** Deletes the user's own alert; false when they have none of that id. */
    async remove(db: Executor, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(priceAlerts)
        .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
        .returning({ id: priceAlerts.id });
      return rows.length > 0;
    },

    async page(db: Executor, userId: string, p: { limit: number; offset: number }) {
      return page(
        db
          .select()
          .from(priceAlerts)
          .where(eq(priceAlerts.userId, userId))
          .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id)),
        db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId)),
        p,
      );
    },

    /**
     * The alerts of one item and side, locked (`FOR UPDATE`, in id order so two events lock them alike): concurrent
     * listings crossing one alert wait here, and each sees the one before it fired it.
     */
    async lockForItem(tx: Tx, kind: AlertItemKind, itemId: string, side: AlertRow['side']): Promise<AlertRow[]> {
      return tx
        .select()
        .from(priceAlerts)
        .where(and(eq(priceAlerts.itemKind, kind), eq(priceAlerts.itemId, itemId), eq(priceAlerts.side, side)))
        .orderBy(asc(priceAlerts.id))
        .for('update');
    },

    async fired(tx: Tx, id: string, at: Date, price: number): Promise<void> {
      await tx
        .update(priceAlerts)
        .set({ armed: false, lastFiredAt: at, lastFiredPrice: price })
        .where(eq(priceAlerts.id, id));
    },

    async rearm(tx: Tx, id: string): Promise<void> {
      await tx.update(priceAlerts).set({ armed: true }).where(eq(priceAlerts.id, id));
    },

    /** Sets a once-only mark; true only for the transaction that set it (the one that tells the user). */
    async mark(tx: Tx, kind: MarkKind, userId: string, targetId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(alertMarks)
        .values({ kind, userId, targetId, createdAt: at })
        .onConflictDoNothing()
        .returning({ userId: alertMarks.userId });
      return rows.length > 0;
    },

    async unmark(tx: Tx, kind: MarkKind, userId: string, targetId: string): Promise<void> {
      await tx
        .delete(alertMarks)
        .where(and(eq(alertMarks.kind, kind), eq(alertMarks.userId, userId), eq(alertMarks.targetId, targetId)));
    },

    /** Serialises the set checks of one theme (its marks are removed and set by them). */
    async lockTheme(tx: Tx, themeId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alert-set'), hashtext(${themeId}))`);
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { packDraws, packOrders, packPool, packSeries } from '../../db/schema/packs';

export type PackSeriesRow = typeof packSeries.$inferSelect;
export type PackSeriesInsert = typeof packSeries.$inferInsert;
export type PackDrawRow = typeof packDraws.$inferSelect;
export type PackOrderRow = typeof packOrders.$inferSelect;

export type { PackCard } from '../../db/schema/packs';

/** Pool lines in the pool's fixed order. */
const poolColumns = {
  position: packPool.position,
  cardInfoId: packPool.cardInfoId,
  count: packPool.count,
  remaining: packPool.remaining,
};
export type PoolLineRow = Omit<typeof packPool.$inferSelect, 'seriesId'>;

/** The mystery packs' own tables (decision 043): series, pools, pack orders and published draws. */
export function createPacksRepository() {
  return {
    async series(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
      const q = db.select().from(packSeries).where(eq(packSeries.id, id)).limit(1);
      const rows = opts.forUpdate ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    /** Series for the mall (not closed ones whose seed is out), newest sale first; or all of them for operators. */
    async list(db: Executor, f: { q?: string; limit: number; offset: number; publicOnly?: boolean }) {
      const where = and(
        f.q ? ilike(packSeries.name, `%${f.q}%`) : undefined,
        f.publicOnly ? isNull(packSeries.revealedAt) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(packSeries)
          .where(where)
          .orderBy(desc(packSeries.createdAt), desc(packSeries.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(packSeries).where(where),
      ]);
      return { rows, total: Number(total[0]?.n ?? 0) };
    },

    async insertSeries(tx: Tx, row: PackSeriesInsert) {
      await tx.insert(packSeries).values(row);
    },

    async updateSeries(tx: Tx, id: string, patch: Partial<PackSeriesInsert>) {
      await tx.update(packSeries).set(patch).where(eq(packSeries.id, id));
    },

    async pool(db: Executor, seriesId: string): Promise<PoolLineRow[]> {
      return db
        .select(poolColumns)
        .from(packPool)
        .where(eq(packPool.seriesId, seriesId))
        .orderBy(asc(packPool.position));
    },

    async replacePool(tx: Tx, seriesId: string, lines: { cardInfoId: string; count: number }[]) {
      await tx.delete(packPool).where(eq(packPool.seriesId, seriesId));
      await tx.insert(packPool).values(
        lines.map((l, i) => ({
          seriesId,
          position: i + 1,
          cardInfoId: l.cardInfoId,
          count: l.count,
          remaining: l.count,
        })),
      );
    },

    /** Takes one drawn unit off a pool line (the CHECK refuses below zero). */
    async takeUnits(tx: Tx, seriesId: string, position: number, n: number) {
      await tx
        .update(packPool)
        .set({ remaining: sql`${packPool.remaining} - ${n}` })
        .where(and(eq(packPool.seriesId, seriesId), eq(packPool.position, position)));
    },

    /**
     * Holds `quantity` packs for a pending order: one conditional UPDATE, so concurrent buyers never oversell. False
     * when fewer are left or the series is closed or revealed.
     */
    async reservePacks(tx: Tx, id: string, quantity: number, now: Date) {
      const rows = await tx
        .update(packSeries)
        .set({ packsReserved: sql`${packSeries.packsReserved} + ${quantity}`, updatedAt: now })
        .where(
          and(
            eq(packSeries.id, id),
            isNull(packSeries.closedAt),
            isNull(packSeries.revealedAt),
            sql`${packSeries.packsSold} + ${packSeries.packsReserved} + ${quantity} <= ${packSeries.packsTotal}`,
          ),
        )
        .returning({ id: packSeries.id });
      return rows.length === 1;
    },

    /** Gives a pending order's packs back; false when fewer were held. */
    async releasePacks(tx: Tx, id: string, quantity: number, now: Date) {
      const rows = await tx
        .update(packSeries)
        .set({ packsReserved: sql`${packSeries.packsReserved} - ${quantity}`, updatedAt: now })
        .where(and(eq(packSeries.id, id), sql`${packSeries.packsReserved} >= ${quantity}`))
        .returning({ id: packSeries.id });
      return rows.length === 1;
    },

    /** A paid order's packs: reserved → sold, and the nonces handed out (the row is locked by the caller). */
    async sellPacks(tx: Tx, id: string, quantity: number, now: Date) {
      const rows = await tx
        .update(packSeries)
        .set({
          packsReserved: sql`${packSeries.packsReserved} - ${quantity}`,
          packsSold: sql`${packSeries.packsSold} + ${quantity}`,
          packsDrawn: sql`${packSeries.packsDrawn} + ${quantity}`,
          updatedAt: now,
        })
        .where(and(eq(packSeries.id, id), sql`${packSeries.packsReserved} >= ${quantity}`))
        .returning({ id: packSeries.id });
      return rows.length === 1;
    },

    /** Publishes the seed once (false when it already was). */
    /**
     * Series whose seed is due (sold out, closed or past their window, no pending order: packs-rules' `revealDue`)
     * and still sealed, locked for the reveal sweep; those another instance is revealing are skipped.
     */
    async dueReveals(tx: Tx, now: Date, limit: number) {
      return tx
        .select()
        .from(packSeries)
        .where(
          and(
            isNull(packSeries.revealedAt),
            eq(packSeries.packsReserved, 0),
            or(
              gte(packSeries.packsSold, packSeries.packsTotal),
              isNotNull(packSeries.closedAt),
              lte(packSeries.saleEndsAt, now),
            ),
          ),
        )
        .orderBy(asc(packSeries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async reveal(tx: Tx, id: string, seed: string, now: Date) {
      const rows = await tx
        .update(packSeries)
        .set({ revealedSeed: seed, revealedAt: now, updatedAt: now })
        .where(and(eq(packSeries.id, id), isNull(packSeries.revealedAt), eq(packSeries.packsReserved, 0)))
        .returning({ id: packSeries.id });
      return rows.length === 1;
    },

    /** Packs of the series the buyer holds in pending or paid orders (the per-user cap). */
    async heldPacks(db: Executor, seriesId: string, buyerId: string) {
      const rows = await db
        .select({ n: sql<number>`coalesce(sum(${packOrders.quantity}), 0)` })
        .from(packOrders)
        .where(
          and(
            eq(packOrders.seriesId, seriesId),
            eq(packOrders.buyerId, buyerId),
            inArray(packOrders.status, ['pending', 'paid']),
          ),
        );
      return Number(rows[0]?.n ?? 0);
    },

    async insertOrder(tx: Tx, row: typeof packOrders.$inferInsert) {
      await tx.insert(packOrders).values(row);
    },

    async order(db: Executor, orderNo: string) {
      const rows = await db.select().from(packOrders).where(eq(packOrders.orderNo, orderNo)).limit(1);
      return rows[0] ?? null;
    },

    /** Moves a pack order from `from` to `to`; false when it was not in `from`. */
    async setOrderStatus(tx: Tx, orderNo: string, from: PackOrderRow['status'], to: PackOrderRow['status']) {
      const rows = await tx
        .update(packOrders)
        .set({ status: to })
        .where(and(eq(packOrders.orderNo, orderNo), eq(packOrders.status, from)))
        .returning({ orderNo: packOrders.orderNo });
      return rows.length === 1;
    },

    async markOpened(db: Executor, orderNo: string, now: Date) {
      await db
        .update(packOrders)
        .set({ openedAt: now })
        .where(and(eq(packOrders.orderNo, orderNo), isNull(packOrders.openedAt)));
    },

    /** Whether the buyer's last packs of the series held a qualifying card, newest first (the guarantee's streak). */
    async lastHits(tx: Executor, seriesId: string, buyerId: string, limit: number) {
      const rows = await tx
        .select({ hit: packDraws.hit })
        .from(packDraws)
        .where(and(eq(packDraws.seriesId, seriesId), eq(packDraws.buyerId, buyerId)))
        .orderBy(desc(packDraws.nonce))
        .limit(limit);
      return rows.map((r) => r.hit);
    },

    async insertDraws(tx: Tx, rows: (typeof packDraws.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(packDraws).values(rows);
    },

    async drawsOfOrder(db: Executor, orderNo: string) {
      return db.select().from(packDraws).where(eq(packDraws.orderNo, orderNo)).orderBy(asc(packDraws.nonce));
    },

    /** Published draws after nonce `after`, in nonce order. */
    async draws(db: Executor, seriesId: string, after: number, limit: number) {
      return db
        .select({
          nonce: packDraws.nonce,
          orderNo: packDraws.orderNo,
          clientSeed: packOrders.clientSeed,
          buyerTag: packDraws.buyerTag,
          guaranteed: packDraws.guaranteed,
          cardInfoIds: packDraws.cardInfoIds,
          drawnAt: packDraws.drawnAt,
        })
        .from(packDraws)
        .innerJoin(packOrders, eq(packOrders.orderNo, packDraws.orderNo))
        .where(and(eq(packDraws.seriesId, seriesId), gt(packDraws.nonce, after)))
        .orderBy(asc(packDraws.nonce))
        .limit(limit);
    },
  };
}
export type PacksRepository = ReturnType<typeof createPacksRepository>;

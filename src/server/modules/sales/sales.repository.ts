import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { saleItems, sales } from '../../db/schema/sales';

export type SaleRow = typeof sales.$inferSelect;
export type SaleInsert = typeof sales.$inferInsert;
export type SaleItemRow = typeof saleItems.$inferSelect;

/** The sale records (decision 049): written once per trade, read by id, order, source or unit. */
export function createSalesRepository() {
  return {
    async insert(tx: Tx, sale: SaleInsert, items: SaleItemRow[]): Promise<void> {
      await tx.insert(sales).values(sale);
      if (items.length > 0) await tx.insert(saleItems).values(items);
    },

    async byId(db: Executor, id: string): Promise<SaleRow | null> {
      const [row] = await db.select().from(sales).where(eq(sales.id, id)).limit(1);
      return row ?? null;
    },

    /** The sales a pay order paid for, oldest first. */
    byOrderNo(db: Executor, orderNo: string): Promise<SaleRow[]> {
      return db.select().from(sales).where(eq(sales.orderNo, orderNo)).orderBy(sales.createdAt, sales.id);
    },

    /** The sales that came from one listing, bid, offer, quote… (newest first). */
    bySource(db: Executor, kind: SaleRow['sourceKind'], id: string): Promise<SaleRow[]> {
      return db
        .select()
        .from(sales)
        .where(and(eq(sales.sourceKind, kind), eq(sales.sourceId, id)))
        .orderBy(desc(sales.createdAt));
    },

    itemsOf(db: Executor, saleIds: string[]): Promise<SaleItemRow[]> {
      if (saleIds.length === 0) return Promise.resolve([]);
      return db.select().from(saleItems).where(inArray(saleItems.saleId, saleIds));
    },

    /**
     * Each unit's cost basis for `ownerId`: its latest sale to them that was not returned (no row: no sale gave it
     * to them, so no known cost).
     */
    async costs(db: Executor, ownerId: string, itemIds: string[]): Promise<Map<string, number>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([saleItems.itemId], { itemId: saleItems.itemId, cost: saleItems.cost })
        .from(saleItems)
        .innerJoin(sales, eq(sales.id, saleItems.saleId))
        .where(and(inArray(saleItems.itemId, itemIds), eq(sales.buyerId, ownerId), isNull(saleItems.returnedAt)))
        .orderBy(saleItems.itemId, desc(sales.createdAt));
      return new Map(rows.map((r) => [r.itemId, r.cost]));
    },

    /** Adds `amount` to a sale's refunded total, within what was paid; false when that would exceed it. */
    async addRefund(tx: Tx, id: string, amount: number): Promise<boolean> {
      const rows = await tx
        .update(sales)
        .set({ refunded: sql`${sales.refunded} + ${amount}` })
        .where(and(eq(sales.id, id), sql`${sales.refunded} + ${amount} <= ${sales.price} - ${sales.discount}`))
        .returning({ id: sales.id });
      return rows.length > 0;
    },

    /** Marks units of a sale as returned to the platform by a refund. */
    async markReturned(tx: Tx, saleId: string, itemIds: string[], at: Date): Promise<void> {
      if (itemIds.length === 0) return;
      await tx
        .update(saleItems)
        .set({ returnedAt: at })
        .where(and(eq(saleItems.saleId, saleId), inArray(saleItems.itemId, itemIds), isNull(saleItems.returnedAt)));
    },
  };
}
export type SalesRepository = ReturnType<typeof createSalesRepository>;

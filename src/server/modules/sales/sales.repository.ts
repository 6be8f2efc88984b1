import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CostRule } from '../../../shared/sale-ways';
import type { Executor, Tx } from '../../db/client';
import { saleItems, sales } from '../../db/schema/sales';

export type SaleRow = typeof sales.$inferSelect;
export type SaleInsert = typeof sales.$inferInsert;
export type SaleItemRow = typeof saleItems.$inferSelect;
/** A unit's cost basis for its owner, and how it was set (decision 049). */
export interface CostBasis {
  cost: number;
  rule: CostRule;
}
/** A sale by a user: what it brought in, and what its units had cost them. */
export interface SoldRow {
  id: string;
  themeId: string | null;
  proceeds: number;
  cost: number;
}

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
     * Each unit's cost basis for `ownerId` and the rule that set it: its latest sale to them that was not returned
     * (no row: no sale gave it to them, so no known cost).
     */
    async bases(db: Executor, ownerId: string, itemIds: string[]): Promise<Map<string, CostBasis>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([saleItems.itemId], {
          itemId: saleItems.itemId,
          cost: saleItems.cost,
          rule: saleItems.costRule,
        })
        .from(saleItems)
        .innerJoin(sales, eq(sales.id, saleItems.saleId))
        .where(and(inArray(saleItems.itemId, itemIds), eq(sales.buyerId, ownerId), isNull(saleItems.returnedAt)))
        .orderBy(saleItems.itemId, desc(sales.createdAt));
      return new Map(rows.map((r) => [r.itemId, { cost: r.cost, rule: r.rule }]));
    },

    /**
     * The sales `sellerId` made to other users that still stand (not refunded in full), each with what it brought in
     * (price − fee) and the cost basis its units had for the seller before it: their latest sale to the seller.
     */
    async soldBy(db: Executor, sellerId: string): Promise<SoldRow[]> {
      const prior = sql`(SELECT pi.cost FROM ${saleItems} pi JOIN ${sales} ps ON ps.id = pi.sale_id
          WHERE pi.item_id = si.item_id AND ps.buyer_id = s.seller_id AND ps.id <> s.id
            AND ps.created_at <= s.created_at AND pi.returned_at IS NULL
          ORDER BY ps.created_at DESC, ps.id DESC LIMIT 1)`;
      const found = await db.execute(
        sql`SELECT s.id, s.theme_id AS "themeId", s.price - s.fee AS proceeds,
              (SELECT coalesce(sum(${prior}), 0) FROM ${saleItems} si WHERE si.sale_id = s.id)::int AS cost
            FROM ${sales} s
            WHERE s.seller_id = ${sellerId} AND (s.refunded = 0 OR s.refunded < s.price - s.discount)`,
      );
      return (found as unknown as { rows: SoldRow[] }).rows.map((r) => ({
        ...r,
        proceeds: Number(r.proceeds),
        cost: Number(r.cost),
      }));
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

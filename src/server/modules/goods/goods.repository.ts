import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { goods, goodsEvents } from '../../db/schema/goods';
import type { GoodsStatus } from '../../../shared/schemas/delivery';

const columns = {
  id: goods.id,
  productId: goods.productId,
  status: goods.status,
  acquiredVia: goods.acquiredVia,
  acquiredAt: goods.acquiredAt,
};

/** Events at the same instant still read in the order they must happen. */
const stepOrder = sql`case ${goodsEvents.kind} when 'created' then 0 when 'transferred' then 1 when 'delivery_requested' then 2 when 'delivery_cancelled' then 3 else 4 end`;

export function createGoodsRepository() {
  return {
    async insertGoods(db: Executor, rows: (typeof goods.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goods).values(rows);
    },

    async insertEvents(db: Executor, rows: (typeof goodsEvents.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goodsEvents).values(rows);
    },

    /** Moves a unit from one status to another (of this owner, when given); false when it was not in `from`. */
    async moveOne(db: Executor, id: string, from: GoodsStatus, to: GoodsStatus, ownerId?: string): Promise<boolean> {
      const rows = await db
        .update(goods)
        .set({ status: to })
        .where(and(eq(goods.id, id), eq(goods.status, from), ownerId ? eq(goods.ownerId, ownerId) : undefined))
        .returning({ id: goods.id });
      return rows.length > 0;
    },

    /** Hands a unit in `fromStatus` to another owner, held by them; false when it was not. */
    async transfer(
      db: Executor,
      input: { id: string; fromUserId: string; toUserId: string; fromStatus: GoodsStatus; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(goods)
        .set({ ownerId: input.toUserId, status: 'held', acquiredVia: 'market', acquiredAt: input.at })
        .where(and(eq(goods.id, input.id), eq(goods.ownerId, input.fromUserId), eq(goods.status, input.fromStatus)))
        .returning({ id: goods.id });
      return rows.length > 0;
    },

    /** The owner's goods of these products (all when `productIds` is null), newest first. */
    async list(
      db: Executor,
      ownerId: string,
      f: { productIds: string[] | null; status?: GoodsStatus; limit: number; offset: number },
    ) {
      if (f.productIds && f.productIds.length === 0) return [];
      return db
        .select(columns)
        .from(goods)
        .where(
          and(
            eq(goods.ownerId, ownerId),
            f.productIds ? inArray(goods.productId, f.productIds) : undefined,
            // A unit an operator's refund took back is no longer the owner's to see unless asked for (decision 050).
            f.status ? eq(goods.status, f.status) : ne(goods.status, 'returned'),
          ),
        )
        .orderBy(desc(goods.acquiredAt), desc(goods.id))
        .limit(f.limit)
        .offset(f.offset);
    },

    async find(db: Executor, ownerId: string, id: string) {
      const rows = await db
        .select(columns)
        .from(goods)
        .where(and(eq(goods.id, id), eq(goods.ownerId, ownerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The owner's goods among `ids`, locked until the transaction ends, in id order (two requests
     * over overlapping goods lock them in the same order, so they never deadlock).
     */
    async lockOwned(tx: Tx, ownerId: string, ids: string[]) {
      return tx
        .select(columns)
        .from(goods)
        .where(and(inArray(goods.id, ids), eq(goods.ownerId, ownerId)))
        .orderBy(asc(goods.id))
        .for('update');
    },

    /** Moves goods from one status to another; only rows still in `from` change. Answers the rows changed. */
    async setStatus(tx: Tx, ids: string[], from: GoodsStatus, to: GoodsStatus) {
      if (ids.length === 0) return [];
      return tx
        .update(goods)
        .set({ status: to })
        .where(and(inArray(goods.id, ids), eq(goods.status, from)))
        .returning({ id: goods.id, ownerId: goods.ownerId, acquiredVia: goods.acquiredVia });
    },

    /** Owner, status, product and how it reached them, of each of these units (the back office's refunds). */
    async statesOf(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ ...columns, ownerId: goods.ownerId })
        .from(goods)
        .where(inArray(goods.id, ids));
    },

    /**
     * Takes the owner's held units bought in the mall (never changed hands since) back to the platform: answers the
     * rows it changed, so a unit listed, sent or sold meanwhile is noticed by the caller.
     */
    async markReturned(tx: Tx, ownerId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return tx
        .update(goods)
        .set({ status: 'returned' })
        .where(
          and(
            inArray(goods.id, ids),
            eq(goods.ownerId, ownerId),
            eq(goods.status, 'held'),
            eq(goods.acquiredVia, 'purchase'),
          ),
        )
        .returning({ id: goods.id, productId: goods.productId });
    },

    /** A unit's history, oldest first. */
    async events(db: Executor, goodsId: string) {
      return db
        .select({ kind: goodsEvents.kind, refId: goodsEvents.refId, at: goodsEvents.createdAt })
        .from(goodsEvents)
        .where(eq(goodsEvents.goodsId, goodsId))
        .orderBy(asc(goodsEvents.createdAt), stepOrder, asc(goodsEvents.id));
    },
  };
}
export type GoodsRepository = ReturnType<typeof createGoodsRepository>;

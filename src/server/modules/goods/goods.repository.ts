import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goods, goodsEvents } from '../../db/schema/goods';

export function createGoodsRepository() {
  return {
    async insertGoods(db: Executor, rows: (typeof goods.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goods).values(rows);
    },

    async insertEvents(db: Executor, rows: (typeof goodsEvents.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goodsEvents).values(rows);
    },

    /** Moves a unit from one status to another (of this owner, when given); false when it was not in `from`. */
    async setStatus(db: Executor, id: string, from: GoodsStatus, to: GoodsStatus, ownerId?: string): Promise<boolean> {
      const rows = await db
        .update(goods)
        .set({ status: to })
        .where(and(eq(goods.id, id), eq(goods.status, from), ownerId ? eq(goods.ownerId, ownerId) : undefined))
        .returning({ id: goods.id });
      return rows.length > 0;
    },

    /** Hands a unit in `fromStatus` to another owner, held by them; false when it was not. */
    async transfer(db: Executor, input: { id: string; fromUserId: string; toUserId: string; fromStatus: GoodsStatus; at: Date }): Promise<boolean> {
      const rows = await db
        .update(goods)
        .set({ ownerId: input.toUserId, status: 'held', acquiredVia: 'market', acquiredAt: input.at })
        .where(and(eq(goods.id, input.id), eq(goods.ownerId, input.fromUserId), eq(goods.status, input.fromStatus)))
        .returning({ id: goods.id });
      return rows.length > 0;
    },
  };
}
export type GoodsStatus = (typeof goods.$inferSelect)['status'];

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
  };
}

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { goods, goodsEvents, products } from '../../db/schema';

export function createGoodsRepository() {
  return {
    /** Takes `quantity` units of stock (from a reservation or the free stock); null when out. */
    async takeStock(db: Executor, productId: string, quantity: number, fromReservation: boolean) {
      const rows = await db
        .update(products)
        .set(
          fromReservation
            ? { sold: sql`${products.sold} + ${quantity}`, reserved: sql`${products.reserved} - ${quantity}` }
            : { sold: sql`${products.sold} + ${quantity}` },
        )
        .where(
          and(
            eq(products.id, productId),
            fromReservation ? gte(products.reserved, quantity) : sql`${products.sold} + ${products.reserved} + ${quantity} <= ${products.stock}`,
          ),
        )
        .returning({ name: products.name, images: products.images, type: products.type });
      return rows[0] ?? null;
    },

    async insertGoods(db: Executor, rows: (typeof goods.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goods).values(rows);
    },

    async insertEvents(db: Executor, rows: (typeof goodsEvents.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(goodsEvents).values(rows);
    },
  };
}

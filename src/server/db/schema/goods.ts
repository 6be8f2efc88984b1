import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { GOODS_EVENT_KINDS, GOODS_STATUSES } from '../../../shared/schemas/delivery';
import { products } from './catalogue';
import { acquisition, provenance, userRef } from './item-columns';

/** One owned unit of a product, held in the platform's custody. */
export const goods = pgTable(
  'goods',
  {
    id: text().primaryKey(),
    productId: text()
      .notNull()
      .references(() => products.id),
    ownerId: userRef(),
    status: text({ enum: GOODS_STATUSES }).notNull().default('held'),
    ...acquisition(),
  },
  (t) => [index().on(t.ownerId, t.status)],
);

export const goodsEvents = pgTable(
  'goods_events',
  {
    id: text().primaryKey(),
    goodsId: text()
      .notNull()
      .references(() => goods.id),
    kind: text({ enum: GOODS_EVENT_KINDS }).notNull(),
    ...provenance(),
  },
  (t) => [index().on(t.goodsId, t.createdAt)],
);

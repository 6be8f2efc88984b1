import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { cardInfos, products } from '../../db/schema/catalogue';
import { notificationOutbox } from '../../db/schema/notifications';
import { payOrders } from '../../db/schema/pay-orders';

/** Drops shown at once: a scrape and the picker stay small however many drops have no end date. */
const LIVE_DROPS_MAX = 50;

/** Statuses of an order that still holds its units (an expired or cancelled one gave them back). */
const HOLDING = ['pending', 'paid', 'refunded'] as const;

const minuteMs = (col: SQL | typeof payOrders.createdAt) =>
  sql<string>`(extract(epoch from date_trunc('minute', ${col})) * 1000)::bigint`;

/** The columns every drop table has. */
type DropTable = Record<'id' | 'name' | 'saleStartsAt' | 'saleEndsAt' | 'reserved', AnyPgColumn>;

/** A drop of `kind` as the metrics read it from its table: sale window, size, and units neither sold nor held. */
function dropColumns<K extends 'card' | 'product', T extends DropTable, C extends AnyPgColumn>(
  kind: K,
  t: T,
  total: C,
  sold: AnyPgColumn,
): { kind: SQL<K> } & Pick<T, 'id' | 'name' | 'saleStartsAt' | 'saleEndsAt'> & { total: C; left: SQL<number> } {
  return {
    kind: sql<K>`${sql.raw(`'${kind}'`)}`,
    id: t.id,
    name: t.name,
    saleStartsAt: t.saleStartsAt,
    saleEndsAt: t.saleEndsAt,
    total,
    left: sql<number>`(${total} - ${sold} - ${t.reserved})::int`,
  };
}

/**
 * What `/metrics` and the live drop view read (docs/decisions/045-metrics.md): pay orders by state, the drops on sale
 * and what is left of them, the notification outbox's backlog, and one drop's orders per minute. Read only; each query
 * is answered from an index (decision 045 lists which).
 */
export function createMetricsReadModel() {
  const cardDrop = dropColumns('card', cardInfos, cardInfos.editionSize, cardInfos.minted);
  const productDrop = dropColumns('product', products, products.stock, products.sold);
  const onSale = (t: { saleStartsAt: AnyPgColumn; saleEndsAt: AnyPgColumn }, now: Date) =>
    and(lte(t.saleStartsAt, now), or(isNull(t.saleEndsAt), gt(t.saleEndsAt, now)));

  return {
    async payOrdersByStatus(db: Executor) {
      return db
        .select({ status: payOrders.status, count: sql<number>`count(*)::int` })
        .from(payOrders)
        .groupBy(payOrders.status);
    },

    /** Card infos sold in the mall and products whose sale is open now, latest start first. */
    async liveDrops(db: Executor, now: Date) {
      const [cards, goods] = await Promise.all([
        db
          .select(cardDrop)
          .from(cardInfos)
          .where(and(isNotNull(cardInfos.priceCents), eq(cardInfos.isBCard, false), onSale(cardInfos, now)))
          .orderBy(sql`${cardInfos.saleStartsAt} desc`)
          .limit(LIVE_DROPS_MAX),
        db
          .select(productDrop)
          .from(products)
          .where(onSale(products, now))
          .orderBy(sql`${products.saleStartsAt} desc`)
          .limit(LIVE_DROPS_MAX),
      ]);
      return [...cards, ...goods]
        .sort((a, b) => b.saleStartsAt!.getTime() - a.saleStartsAt!.getTime())
        .slice(0, LIVE_DROPS_MAX);
    },

    /** One drop sold in the mall, on sale or not (a view opened as the sale ends keeps working). */
    async drop(db: Executor, kind: 'card' | 'product', id: string) {
      const [row] =
        kind === 'card'
          ? await db
              .select(cardDrop)
              .from(cardInfos)
              .where(and(eq(cardInfos.id, id), isNotNull(cardInfos.priceCents), eq(cardInfos.isBCard, false)))
          : await db.select(productDrop).from(products).where(eq(products.id, id));
      return row ?? null;
    },

    /** Units ordered (by creation, orders still holding them) and paid (by payment) per minute since `since`. */
    async dropMinutes(db: Executor, kind: 'card' | 'product', id: string, since: Date) {
      const item = kind === 'card' ? eq(payOrders.cardInfoId, id) : eq(payOrders.productId, id);
      const units = sql<number>`sum(${payOrders.quantity})::int`;
      const [ordered, paid] = await Promise.all([
        db
          .select({ at: minuteMs(payOrders.createdAt), units })
          .from(payOrders)
          .where(and(item, gte(payOrders.createdAt, since), inArray(payOrders.status, HOLDING)))
          .groupBy(sql`1`),
        db
          .select({ at: minuteMs(sql`${payOrders.paidAt}`), units })
          .from(payOrders)
          // Paid in the window, so created at most one payment window before it: the index's range.
          .where(
            and(
              item,
              gte(payOrders.createdAt, new Date(since.getTime() - PAY_ORDER_TTL_MS)),
              gte(payOrders.paidAt, since),
            ),
          )
          .groupBy(sql`1`),
      ]);
      const byMinute = (rows: { at: string; units: number }[]) =>
        new Map(rows.map((r) => [Number(r.at), Number(r.units)]));
      return { ordered: byMinute(ordered), paid: byMinute(paid) };
    },

    /** The notification outbox's undelivered rows (decision 038): how many, and when the oldest was written. */
    async outboxBacklog(db: Executor) {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<Date | string | null>`min(${notificationOutbox.createdAt})`,
        })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.status, 'pending'));
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      return { count: Number(row?.count ?? 0), oldest };
    },
  };
}
export type MetricsReadModel = ReturnType<typeof createMetricsReadModel>;

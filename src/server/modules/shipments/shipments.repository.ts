import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { shipmentEvents, shipmentItems, shipments } from '../../db/schema/shipments';
import type { ShipmentStatus } from '../../../shared/schemas/delivery';

const columns = {
  id: shipments.id,
  shipmentNo: shipments.shipmentNo,
  userId: shipments.userId,
  status: shipments.status,
  address: shipments.address,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
};
/** Steps at the same instant (a fast operator, a test clock) still read in the order they must happen. */
const stepOrder = sql`case ${shipmentEvents.kind} when 'created' then 0 when 'packed' then 1 when 'shipped' then 2 when 'delivered' then 3 else 4 end`;

export type ShipmentRow = NonNullable<Awaited<ReturnType<ShipmentsRepository['find']>>>;

export function createShipmentsRepository() {
  return {
    async insert(tx: Tx, row: typeof shipments.$inferInsert) {
      await tx.insert(shipments).values(row);
    },

    async insertItems(tx: Tx, rows: (typeof shipmentItems.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(shipmentItems).values(rows);
    },

    async insertEvent(db: Executor, row: typeof shipmentEvents.$inferInsert) {
      await db.insert(shipmentEvents).values(row);
    },

    /** One shipment; `userId` limits it to its owner (null: any, for operators); `lock` holds the row. */
    async find(db: Executor, id: string, opts: { userId?: string | null; lock?: boolean } = {}) {
      const q = db
        .select(columns)
        .from(shipments)
        .where(and(eq(shipments.id, id), opts.userId ? eq(shipments.userId, opts.userId) : undefined))
        .limit(1);
      const rows = opts.lock ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    /** Shipments newest first, of one user and/or one status. */
    async list(db: Executor, f: { userId?: string; status?: ShipmentStatus; limit: number; offset: number }) {
      return db
        .select(columns)
        .from(shipments)
        .where(
          and(
            f.userId ? eq(shipments.userId, f.userId) : undefined,
            f.status ? eq(shipments.status, f.status) : undefined,
          ),
        )
        .orderBy(desc(shipments.createdAt), desc(shipments.id))
        .limit(f.limit)
        .offset(f.offset);
    },

    /** How many shipments are in one of these statuses (all when none given). */
    async count(db: Executor, f: { status?: ShipmentStatus | ShipmentStatus[] }): Promise<number> {
      const statuses = f.status === undefined ? undefined : Array.isArray(f.status) ? f.status : [f.status];
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shipments)
        .where(statuses ? inArray(shipments.status, statuses) : undefined);
      return Number(row?.n ?? 0);
    },

    /** The shipment not cancelled that each of these goods is in (the latest one), by goods id. */
    async ofGoods(db: Executor, goodsIds: string[]) {
      if (goodsIds.length === 0) return [];
      return db
        .select({ goodsId: shipmentItems.goodsId, id: shipments.id, status: shipments.status })
        .from(shipmentItems)
        .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
        .where(and(inArray(shipmentItems.goodsId, goodsIds), ne(shipments.status, 'cancelled')))
        .orderBy(asc(shipments.createdAt));
    },

    async items(db: Executor, shipmentIds: string[]) {
      if (shipmentIds.length === 0) return [];
      return db
        .select({
          shipmentId: shipmentItems.shipmentId,
          goodsId: shipmentItems.goodsId,
          productId: shipmentItems.productId,
          name: shipmentItems.name,
          image: shipmentItems.image,
        })
        .from(shipmentItems)
        .where(inArray(shipmentItems.shipmentId, shipmentIds))
        .orderBy(asc(shipmentItems.name), asc(shipmentItems.goodsId));
    },

    async events(db: Executor, shipmentIds: string[]) {
      if (shipmentIds.length === 0) return [];
      return db
        .select({
          shipmentId: shipmentEvents.shipmentId,
          kind: shipmentEvents.kind,
          note: shipmentEvents.note,
          at: shipmentEvents.createdAt,
          id: shipmentEvents.id,
        })
        .from(shipmentEvents)
        .where(inArray(shipmentEvents.shipmentId, shipmentIds))
        .orderBy(asc(shipmentEvents.createdAt), stepOrder, asc(shipmentEvents.id));
    },

    /** Shipments delivered at or before `before` and not confirmed, locked for the sweep (SKIP LOCKED). */
    async deliveredBefore(tx: Tx, before: Date, limit: number) {
      return tx
        .select(columns)
        .from(shipments)
        .where(and(eq(shipments.status, 'delivered'), lte(shipments.updatedAt, before)))
        .orderBy(asc(shipments.updatedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Moves a shipment on only from one of `from` (the row is locked by the caller); answers whether it moved. */
    async transition(
      tx: Tx,
      id: string,
      from: readonly ShipmentStatus[],
      set: { status: ShipmentStatus; carrier?: string; trackingNumber?: string; updatedAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .update(shipments)
        .set(set)
        .where(and(eq(shipments.id, id), inArray(shipments.status, [...from])))
        .returning({ id: shipments.id });
      return rows.length > 0;
    },
  };
}
export type ShipmentsRepository = ReturnType<typeof createShipmentsRepository>;

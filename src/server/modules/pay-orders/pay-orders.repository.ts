import { and, desc, eq, inArray, lte, sql, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { preparedOnce } from '../../db/prepared';
import { paymentEvents, payOrders, type PayOrderFulfilment, type PayOrderPerk } from '../../db/schema/pay-orders';
import type { PayOrderStatus, PayOrderType } from '../../../shared/schemas/pay-orders';

export type PayOrderRow = typeof payOrders.$inferSelect;
export type NewPayOrder = typeof payOrders.$inferInsert;
export type { PayOrderFulfilment, PayOrderPerk };

/** Statuses that count against the per-user limit. */
const HOLDING: PayOrderStatus[] = ['pending', 'paid'];

/**
 * The columns an order is created with (the others keep their defaults: status pending, HKD, no payment
 * yet); the item and checkout columns a type does not use may be left out.
 */
export type CreatedPayOrder = Pick<
  NewPayOrder,
  | 'id'
  | 'orderNo'
  | 'type'
  | 'buyerId'
  | 'itemName'
  | 'quantity'
  | 'unitPriceCents'
  | 'amountCents'
  | 'provider'
  | 'idempotencyKey'
  | 'requestHash'
  | 'expiresAt'
  | 'createdAt'
  | 'updatedAt'
> &
  Partial<Pick<NewPayOrder, OptionalColumn | 'discountCents' | 'admissionId'>>;
type OptionalColumn = 'cardInfoId' | 'productId' | 'listingId' | 'itemImage' | 'providerRef' | 'payUrl' | 'perk';

// The statements of every order creation (payOrder/create, a drop's hot path): built once (db/prepared.ts).
const ph = sql.placeholder;
const lockBuyerQuery = preparedOnce((db) =>
  db
    .select({ locked: sql<string>`''` })
    .from(sql`pg_advisory_xact_lock(hashtextextended(${ph('key')}, 0))`)
    .prepare('pay_orders_lock_buyer'),
);
const byKeyQuery = preparedOnce((db) =>
  db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.buyerId, ph('buyerId')), eq(payOrders.idempotencyKey, ph('key'))))
    .limit(1)
    .prepare('pay_orders_by_key'),
);
const heldQuery = (item: 'card' | 'product') =>
  preparedOnce((db) =>
    db
      .select({ n: sql<number>`coalesce(sum(${payOrders.quantity}), 0)::int` })
      .from(payOrders)
      .where(
        and(
          eq(payOrders.buyerId, ph('buyerId')),
          eq(item === 'card' ? payOrders.cardInfoId : payOrders.productId, ph('itemId')),
          inArray(payOrders.status, HOLDING),
        ),
      )
      .prepare(`pay_orders_held_${item}`),
  );
const HELD = { card: heldQuery('card'), product: heldQuery('product') };
const insertQuery = preparedOnce((db) =>
  db
    .insert(payOrders)
    .values({
      id: ph('id'),
      orderNo: ph('orderNo'),
      type: ph('type'),
      buyerId: ph('buyerId'),
      cardInfoId: ph('cardInfoId'),
      productId: ph('productId'),
      listingId: ph('listingId'),
      itemName: ph('itemName'),
      itemImage: ph('itemImage'),
      quantity: ph('quantity'),
      unitPriceCents: ph('unitPriceCents'),
      discountCents: ph('discountCents'),
      perk: ph('perk'),
      amountCents: ph('amountCents'),
      provider: ph('provider'),
      providerRef: ph('providerRef'),
      payUrl: ph('payUrl'),
      idempotencyKey: ph('idempotencyKey'),
      requestHash: ph('requestHash'),
      admissionId: ph('admissionId'),
      expiresAt: ph('expiresAt'),
      createdAt: ph('createdAt'),
      updatedAt: ph('updatedAt'),
    })
    .returning()
    .prepare('pay_orders_insert'),
);

export function createPayOrdersRepository() {
  return {
    /** Serialises one buyer's order creation until the transaction ends (per-user limit, idempotency key). */
    async lockBuyer(tx: Executor, buyerId: string) {
      await lockBuyerQuery(tx).execute({ key: `trove:pay-order-buyer:${buyerId}` });
    },

    async byKey(db: Executor, buyerId: string, key: string) {
      const rows = await byKeyQuery(db).execute({ buyerId, key });
      return rows[0] ?? null;
    },

    async byOrderNo(db: Executor, orderNo: string, opts: { forUpdate?: boolean } = {}) {
      const q = db.select().from(payOrders).where(eq(payOrders.orderNo, orderNo)).limit(1);
      const rows = opts.forUpdate ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    /** Units of one card info or product the buyer holds in pending or paid orders. */
    async heldQuantity(db: Executor, buyerId: string, item: { type: 'card' | 'product'; id: string }) {
      const rows = await HELD[item.type](db).execute({ buyerId, itemId: item.id });
      return Number(rows[0]?.n ?? 0);
    },

    /** The Idempotency-Keys of every order (any status) of one card info or product: retries that must reach the database. */
    async orderKeysOfItem(db: Executor, item: { type: 'card' | 'product'; id: string }) {
      const rows = await db
        .selectDistinct({ key: payOrders.idempotencyKey })
        .from(payOrders)
        .where(item.type === 'card' ? eq(payOrders.cardInfoId, item.id) : eq(payOrders.productId, item.id));
      return rows.map((r) => r.key);
    },

    async insert(db: Executor, row: CreatedPayOrder) {
      const rows = await insertQuery(db).execute({
        ...row,
        cardInfoId: row.cardInfoId ?? null,
        productId: row.productId ?? null,
        listingId: row.listingId ?? null,
        itemImage: row.itemImage ?? '',
        providerRef: row.providerRef ?? null,
        payUrl: row.payUrl ?? null,
        discountCents: row.discountCents ?? 0,
        perk: row.perk ?? null,
        admissionId: row.admissionId ?? null,
      });
      return rows[0]!;
    },

    /** Records the provider's checkout; the first writer wins when two requests raced. */
    async setCheckout(db: Executor, id: string, checkout: { providerRef: string; payUrl: string }, now: Date) {
      await db
        .update(payOrders)
        .set({ providerRef: checkout.providerRef, payUrl: checkout.payUrl, updatedAt: now })
        .where(and(eq(payOrders.id, id), sql`${payOrders.payUrl} IS NULL`));
    },

    /** pending → paid, only before the deadline; null when someone else settled it or it is overdue. */
    async markPaid(db: Executor, orderNo: string, now: Date, paymentRef: string | null) {
      const rows = await db
        .update(payOrders)
        .set({ status: 'paid', paidAt: now, providerPaymentRef: paymentRef, updatedAt: now })
        .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.status, 'pending'), gt(payOrders.expiresAt, now)))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * A pending order to be paid from the wallet: the pay link is dropped, but the checkout id is kept
     * so a payment the buyer also made there is recognised and returned to the wallet (decision 003).
     */
    async switchToBalance(db: Executor, orderNo: string, now: Date) {
      await db
        .update(payOrders)
        .set({ provider: 'balance', payUrl: null, updatedAt: now })
        .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.status, 'pending')));
    },

    /** Type, state, method and amount of every order (reconciliation of the books, decision 025). */
    async ledgerFacts(db: Executor) {
      return db
        .select(columnsOf(payOrders, 'orderNo', 'type', 'status', 'provider', 'amountCents', 'discountCents'))
        .from(payOrders);
    },

    async setFulfilment(db: Executor, id: string, fulfilment: PayOrderFulfilment) {
      await db.update(payOrders).set({ fulfilment }).where(eq(payOrders.id, id));
    },

    /** pending → cancelled by its buyer (or by us when the provider failed); null when not pending. */
    async cancel(
      db: Executor,
      orderNo: string,
      now: Date,
      note: string | null,
      extra: { onlyWithoutCheckout?: boolean } = {},
    ) {
      const rows = await db
        .update(payOrders)
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, note })
        .where(
          and(
            eq(payOrders.orderNo, orderNo),
            eq(payOrders.status, 'pending'),
            extra.onlyWithoutCheckout ? sql`${payOrders.payUrl} IS NULL` : undefined,
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** One overdue pending order → expired; null when it is not (any more) pending and overdue. */
    async expireOne(db: Executor, orderNo: string, now: Date) {
      const rows = await db
        .update(payOrders)
        .set({ status: 'expired', expiredAt: now, updatedAt: now })
        .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.status, 'pending'), lte(payOrders.expiresAt, now)))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Up to `limit` overdue pending orders → expired. Rows another instance is expiring right now
     * are skipped (SKIP LOCKED), so no order is released twice.
     */
    async expireDue(db: Executor, now: Date, limit: number) {
      const result = (await db.execute(sql`
        WITH due AS (
          SELECT id FROM ${payOrders}
          WHERE ${payOrders.status} = 'pending' AND ${payOrders.expiresAt} <= ${now.toISOString()}::timestamptz
          ORDER BY ${payOrders.expiresAt}
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE ${payOrders} AS p SET status = 'expired', expired_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        FROM due WHERE p.id = due.id AND p.status = 'pending'
        RETURNING p.order_no`)) as unknown as { rows: { order_no: string }[] };
      const orderNos = result.rows.map((r) => r.order_no);
      if (orderNos.length === 0) return [];
      return db.select().from(payOrders).where(inArray(payOrders.orderNo, orderNos));
    },

    /** A payment that came too late: expired / cancelled → refunded, with the reason. */
    async markRefunded(db: Executor, orderNo: string, now: Date, note: string, paymentRef: string | null) {
      const rows = await db
        .update(payOrders)
        .set({ status: 'refunded', refundedAt: now, updatedAt: now, note, providerPaymentRef: paymentRef })
        .where(and(eq(payOrders.orderNo, orderNo), inArray(payOrders.status, ['expired', 'cancelled'])))
        .returning();
      return rows[0] ?? null;
    },

    async listForBuyer(
      db: Executor,
      buyerId: string,
      q: { type?: PayOrderType; status?: PayOrderStatus; itemId?: string; limit: number; offset: number },
    ) {
      return db
        .select()
        .from(payOrders)
        .where(
          and(
            eq(payOrders.buyerId, buyerId),
            q.type ? eq(payOrders.type, q.type) : undefined,
            q.status ? eq(payOrders.status, q.status) : undefined,
            q.itemId
              ? sql`${q.itemId} IN (${payOrders.cardInfoId}, ${payOrders.productId}, ${payOrders.listingId})`
              : undefined,
          ),
        )
        .orderBy(desc(payOrders.createdAt), desc(payOrders.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    /** Records a webhook event once; false when (provider, event id) was seen before. */
    async recordEvent(db: Executor, row: typeof paymentEvents.$inferInsert) {
      const rows = await db
        .insert(paymentEvents)
        .values(row)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return rows.length === 1;
    },

    async setEventOutcome(db: Executor, id: string, outcome: string, orderNo: string | null) {
      await db.update(paymentEvents).set({ outcome, orderNo }).where(eq(paymentEvents.id, id));
    },
  };
}
export type PayOrdersRepository = ReturnType<typeof createPayOrdersRepository>;

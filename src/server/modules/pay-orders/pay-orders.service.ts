import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Notifier } from '../notifications/notifications.service';
import { createOrderTypeRegistry } from './order-types';
import { createOrdering, type OrderingDeps } from './ordering.service';
import { createPayOrdersRepository, type PayOrdersRepository } from './pay-orders.repository';
import { createSettlement, type PayOrderBooks } from './settlement.service';
import { createAdmissionOrdersRepository } from './pay-orders-admission.repository';
import type { DropKind } from '../../../shared/schemas/queue';
import type { PayOrder, PayOrderRefund, PayOrderType } from '../../../shared/schemas/pay-orders';

export type { SettleOutcome } from './settlement.service';
export type { Availability, OrderInput, OrderType, ReservedItem } from './order-types';
export type { PayOrderFulfilment, PayOrderRow } from './pay-orders.repository';

/** The refunds an operator made of these paid orders (decision 050), by order number. */
export type RefundsReader = (orderNos: string[]) => Promise<Map<string, PayOrderRefund[]>>;

/** What pay orders take from other modules: the wallet's books, which every payment and settlement posts to. */
export interface PayOrdersServices {
  books: PayOrderBooks;
  /** The buyer is told of payment and expiry in the same transaction (decision 034). */
  notifications: Notifier;
}

/**
 * Pay orders: ordering (ordering.service.ts) and settlement (settlement.service.ts) over one
 * repository, with one type per kind of purchase (order-types.ts). Pay orders only orchestrate: each
 * module registers its own types with `registerOrderType` (the mall: `card`, `product`; the market:
 * `market`, `bid`).
 */
export function createPayOrdersService(
  deps: OrderingDeps,
  svc: PayOrdersServices,
  repo: PayOrdersRepository = createPayOrdersRepository(),
) {
  const orderTypes = createOrderTypeRegistry();
  const settlement = createSettlement(deps, { repo, orderTypes, books: svc.books, notifications: svc.notifications });
  const ordering = createOrdering(deps, { repo, orderTypes, settlement });
  const admissions = createAdmissionOrdersRepository();
  // Registered by the back office's order refunds, built after pay orders (decision 050).
  let refundsOf: RefundsReader = async () => new Map();
  /** The buyer's views of paid orders carry what an operator refunded of them. */
  async function withRefunds(views: PayOrder[]): Promise<PayOrder[]> {
    const paid = views.filter((v) => v.status === 'paid').map((v) => v.orderNo);
    const refunds = paid.length > 0 ? await refundsOf(paid) : new Map<string, PayOrderRefund[]>();
    return views.map((v) => (refunds.has(v.orderNo) ? { ...v, refunds: refunds.get(v.orderNo) } : v));
  }

  return {
    registerOrderType: orderTypes.register,
    /** Every pay order's type, state, method and amount (reconciliation of the books). */
    orderFacts: (db: Executor = deps.db) => repo.ledgerFacts(db),

    /** `payOrder/payWithBalance`: the buyer's pending order paid from their wallet at once. */
    async payWithBalance(actor: { userId: string }, orderNo: string) {
      return ordering.view(await settlement.payWithBalance(actor.userId, orderNo));
    },

    /** The buyer's order of this idempotency key, if any (market/create retries of a buy listing). */
    async byKey(buyerId: string, key: string) {
      return repo.byKey(deps.db, buyerId, key);
    },

    /** How many of a mall item the buyer holds or is paying for (the per-user limit; run inside the buyer's lock). */
    heldQuantity: (db: Executor, buyerId: string, item: { type: 'card' | 'product'; id: string }) =>
      repo.heldQuantity(db, buyerId, item),

    /** The Idempotency-Keys of every order of a mall item (the retries a sold-out flag must let through). */
    orderKeysOfItem: (db: Executor, item: { type: 'card' | 'product'; id: string }) => repo.orderKeysOfItem(db, item),

    /** Whether the buyer has an unexpired pending order of this type for this item (run inside the buyer's lock). */
    async hasPending(db: Executor, buyerId: string, type: PayOrderType, itemId: string, now: Date) {
      const [row] = await repo.listForBuyer(db, buyerId, { type, status: 'pending', itemId, limit: 1, offset: 0 });
      return !!row && row.expiresAt > now;
    },

    /** Whether an order was made with this waiting-room admission (decision 044; run inside the buyer's lock). */
    admissionUsed: (db: Executor, admissionId: string) => admissions.used(db, admissionId),
    /** How a hot drop sold (its fairness report): admitted buyers' paid orders, and the most one buyer holds. */
    async dropSales(item: { type: DropKind; id: string }) {
      const [sales, holdings] = await Promise.all([
        admissions.admittedSales(deps.db, item),
        admissions.holdings(deps.db, item),
      ]);
      return { ...sales, ...holdings };
    },

    /** The buyer's order with this number, for the market's own cancel (null when not theirs). */
    async ownOrder(buyerId: string, orderNo: string) {
      const o = await repo.byOrderNo(deps.db, orderNo);
      return o && o.buyerId === buyerId ? o : null;
    },
    methods: ordering.methods,
    refusalFromMemory: ordering.refusalFromMemory,
    /** `payOrder/create`; a refusal of a type with `restateRefusal` is restated once nothing is held (a set's new quote). */
    async create(...args: Parameters<typeof ordering.create>) {
      try {
        return await ordering.create(...args);
      } catch (err) {
        const type = orderTypes.get(args[1].type);
        if (err instanceof AppError && type.restateRefusal)
          throw await type.restateRefusal(err, args[1], args[0].userId);
        throw err;
      }
    },
    /** Who answers the refunds of paid orders in their buyer's views (decision 050). */
    setRefundsReader(reader: RefundsReader): void {
      refundsOf = reader;
    },
    /** A pay order, its row locked until `tx` ends (an operator's refund, decision 050); null when none. */
    lockOrder: (tx: Tx, orderNo: string) => repo.byOrderNo(tx, orderNo, { forUpdate: true }),
    /** A pay order by its number (the back office), null when none. */
    byOrderNo: (db: Executor, orderNo: string) => repo.byOrderNo(db, orderNo),
    info: async (...args: Parameters<typeof ordering.info>) => (await withRefunds([await ordering.info(...args)]))[0]!,
    payCheck: async (...args: Parameters<typeof ordering.payCheck>) =>
      (await withRefunds([await ordering.payCheck(...args)]))[0]!,
    cancel: ordering.cancel,
    list: async (...args: Parameters<typeof ordering.list>) => withRefunds(await ordering.list(...args)),
    expireDue: settlement.expireDue,
    applyWebhook: settlement.applyWebhook,

    /** The order behind a sandbox checkout page (anyone holding the link may pay it, as at a real provider). */
    async sandboxCheckout(orderNo: string) {
      const order = await repo.byOrderNo(deps.db, orderNo);
      if (!order || order.provider !== 'sandbox') return null;
      return ordering.view(await settlement.expireIfOverdue(order));
    },

    /** The raw row for the sandbox page's confirm step (provider ref and amount). */
    async sandboxOrder(orderNo: string) {
      const order = await repo.byOrderNo(deps.db, orderNo);
      return order && order.provider === 'sandbox' ? order : null;
    },
  };
}
export type PayOrdersService = ReturnType<typeof createPayOrdersService>;

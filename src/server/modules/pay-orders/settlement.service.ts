import { newId } from '../../adapters/ids';
import { ProviderUnavailableError, type ProviderPayment } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import type { Notifier } from '../notifications/notifications.service';
import type { OrderTypeRegistry } from './order-types';
import type { PayOrderRow, PayOrdersRepository } from './pay-orders.repository';

/** What happened to a reported payment; also stored on the webhook event. */
export type SettleOutcome =
  | 'settled'
  | 'already_paid'
  | 'refund_due'
  | 'already_refund_due'
  | 'returned_to_balance'
  | 'already_returned'
  | 'refunded_late'
  | 'already_refunded'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'other_provider'
  | 'checkout_mismatch';

const LATE_PAYMENT_NOTE = '付款於訂單逾期或取消後才到達，款項將全數退回，不會發出卡牌或商品';

export type SettlementDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'payments'>;

/** How settlement books money (the wallet's order books, decision 025), inside the settling transaction. */
export interface PayOrderBooks {
  /** The money a paid order received into orders clearing: from its provider, or from the buyer's balance (a 409 when short). */
  receive(tx: Tx, order: PayOrderRow): Promise<void>;
  /** Credits a provider payment for an already-paid order to the buyer's balance; false when already credited. */
  returnPayment(tx: Tx, order: PayOrderRow, payment: { key: string; amountCents: number }): Promise<boolean>;
  /** A provider payment that cannot be kept: owed back, with a refund record; false when already booked. */
  refundDue(
    tx: Tx,
    order: PayOrderRow,
    payment: { provider: 'sandbox' | 'stripe' } & Omit<ProviderPayment, 'orderNo'>,
    reason: 'late' | 'duplicate',
  ): Promise<boolean>;
}

/**
 * Everything that ends a pending order: payment (settled exactly once, by webhook or by asking the
 * provider), expiry and the release of reservations. Item specifics come from the order type's handler.
 */
export function createSettlement(
  deps: SettlementDeps,
  {
    repo,
    orderTypes,
    books,
    notifications,
  }: { repo: PayOrdersRepository; orderTypes: OrderTypeRegistry; books: PayOrderBooks; notifications: Notifier },
) {
  const provider = deps.payments;

  /**
   * A pending → paid order: its money received into orders clearing, then its type's workflow fulfils it (what it
   * delivers, its own postings out of orders clearing and its sale record, decision 049).
   */
  async function settlePaid(tx: Tx, paid: PayOrderRow) {
    await books.receive(tx, paid);
    await repo.setFulfilment(tx, paid.id, await orderTypes.get(paid.type).fulfil(tx, paid));
    await notifications.notify(tx, paid.buyerId, 'payPaid', {
      orderNo: paid.orderNo,
      type: paid.type,
      itemName: paid.itemName,
      amountCents: paid.amountCents,
    });
  }

  /** An order that ran out of time: its reservation back, and the buyer told. */
  async function expired(tx: Tx, order: PayOrderRow) {
    await release(tx, order);
    await notifications.notify(tx, order.buyerId, 'payExpired', {
      orderNo: order.orderNo,
      type: order.type,
      itemName: order.itemName,
    });
  }

  /** Orders released in each open transaction of `transaction`, told to their type after the commit. */
  const releasedIn = new WeakMap<Tx, PayOrderRow[]>();

  /**
   * A transaction that may release reservations: once it commits, each released order's type is
   * told (sold-out flags are cleared after the stock is really back, never before).
   */
  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const released: PayOrderRow[] = [];
    const result = await deps.db.transaction(async (tx) => {
      releasedIn.set(tx, released);
      return work(tx);
    });
    for (const order of released) orderTypes.get(order.type).afterRelease?.(order);
    return result;
  }

  /** Gives an order's reservation back; a missing reservation means the books are wrong, so roll back. */
  async function release(tx: Tx, order: PayOrderRow) {
    if (!(await orderTypes.get(order.type).release(tx, order))) {
      throw new AppError('internal', `reservation of ${order.orderNo} was not held`);
    }
    const released = releasedIn.get(tx);
    // Only through `transaction`: a release elsewhere would leave sold-out flags up until they expire.
    if (!released)
      throw new AppError('internal', `reservation of ${order.orderNo} released outside settlement.transaction`);
    released.push(order);
  }

  /**
   * Applies a payment the provider reported, exactly once, inside `tx`: pending → paid and the
   * items delivered; a payment for an overdue, expired or cancelled order is marked for refund.
   */
  async function settleIn(
    tx: Tx,
    orderNo: string,
    payment: ProviderPayment,
    providerName: string,
  ): Promise<SettleOutcome> {
    const order = await repo.byOrderNo(tx, orderNo);
    if (!order) return 'unknown_order';
    // An order paid from the wallet keeps the checkout it had, so a payment made there too is recognised.
    const switchedToBalance = order.provider === 'balance';
    if (order.provider !== providerName && !switchedToBalance) return 'other_provider';
    // The payment must be for this order's own checkout: an event naming order A with order B's checkout pays nothing.
    if (!order.providerRef || payment.providerRef !== order.providerRef) {
      deps.log.warn({ orderNo, providerRef: payment.providerRef }, 'payment names another checkout than the order');
      return switchedToBalance ? 'other_provider' : 'checkout_mismatch';
    }
    if (payment.amountCents !== order.amountCents || payment.currency.toUpperCase() !== order.currency) {
      deps.log.warn(
        { orderNo, paid: payment.amountCents, currency: payment.currency },
        'payment does not match the order amount',
      );
      return 'amount_mismatch';
    }
    const now = deps.clock.now();
    const paid = switchedToBalance ? null : await repo.markPaid(tx, orderNo, now, payment.paymentRef);
    if (paid) {
      await settlePaid(tx, paid);
      return 'settled';
    }
    // Someone else got here first, or the payment is late: decide on the locked row.
    const current = (await repo.byOrderNo(tx, orderNo, { forUpdate: true }))!;
    const owed = { ...payment, provider: providerName as 'sandbox' | 'stripe' };
    if (current.status === 'paid') {
      if (current.provider === providerName && current.providerRef === payment.providerRef) {
        // The same payment reported again is a replay; another payment at the same checkout is a second capture,
        // owed back to the payer (decision 025).
        const second =
          !!payment.paymentRef && !!current.providerPaymentRef && payment.paymentRef !== current.providerPaymentRef;
        if (!second) return 'already_paid';
        const due = await books.refundDue(tx, current, owed, 'duplicate');
        if (due)
          deps.log.warn(
            { orderNo, paymentRef: payment.paymentRef },
            'second capture for a paid order marked for refund',
          );
        return due ? 'refund_due' : 'already_refund_due';
      }
      // Paid another way (the wallet, before this payment was reported): this money goes back to the buyer (decision 003).
      const key = `${providerName}:${payment.providerRef}`;
      const credited = await books.returnPayment(tx, current, { key, amountCents: payment.amountCents });
      if (credited)
        deps.log.warn(
          { orderNo, paymentRef: payment.paymentRef },
          'second payment for a paid order returned to the buyer balance',
        );
      return credited ? 'returned_to_balance' : 'already_returned';
    }
    if (current.status === 'refunded') {
      return (await books.refundDue(tx, current, owed, 'late')) ? 'refunded_late' : 'already_refunded';
    }
    if (current.status === 'pending') {
      const expired = await repo.expireOne(tx, orderNo, now);
      if (expired) await release(tx, expired);
    }
    await repo.markRefunded(tx, orderNo, now, LATE_PAYMENT_NOTE, payment.paymentRef);
    // The money came in: it is owed back, with a refund record for an operator (decision 025).
    await books.refundDue(tx, current, owed, 'late');
    deps.log.warn({ orderNo, paymentRef: payment.paymentRef }, 'late payment marked for refund');
    return 'refunded_late';
  }

  return {
    release,
    transaction,

    /** Pays a pending order from the buyer's wallet and settles it at once, in one transaction. */
    async payWithBalance(buyerId: string, orderNo: string): Promise<PayOrderRow> {
      return deps.db.transaction(async (tx) => {
        const order = await repo.byOrderNo(tx, orderNo, { forUpdate: true });
        if (!order || order.buyerId !== buyerId) throw notFound('找不到此訂單');
        const now = deps.clock.now();
        if (order.status === 'paid') throw conflict('訂單已付款');
        if (order.status !== 'pending' || order.expiresAt <= now) throw conflict('訂單已逾期或已取消，請重新下單');
        await repo.switchToBalance(tx, orderNo, now);
        const paid = await repo.markPaid(tx, orderNo, now, null);
        if (!paid) throw conflict('訂單狀態已改變，請重新整理');
        await settlePaid(tx, paid);
        return (await repo.byOrderNo(tx, orderNo))!;
      });
    },

    /** Expires one overdue pending order and gives its reservation back; a no-op for anything else. */
    async expireIfOverdue(order: PayOrderRow): Promise<PayOrderRow> {
      if (order.status !== 'pending' || order.expiresAt > deps.clock.now()) return order;
      return transaction(async (tx) => {
        const row = await repo.expireOne(tx, order.orderNo, deps.clock.now());
        if (row) await expired(tx, row);
        return row ?? (await repo.byOrderNo(tx, order.orderNo))!;
      });
    },

    /**
     * payCheck: asks the provider about a pending order and settles it when paid; for an order paid
     * from the wallet, whether its checkout was paid too (that money goes back to the balance).
     */
    async reconcile(order: PayOrderRow): Promise<PayOrderRow> {
      const askable =
        (order.status === 'pending' && order.provider === provider.name) ||
        (order.status === 'paid' && order.provider === 'balance');
      if (!askable || !order.providerRef) return order;
      let payment: ProviderPayment | null = null;
      try {
        payment = await provider.retrievePayment(order.providerRef);
      } catch (err) {
        // A wallet-paid order's checkout may belong to a provider configured earlier: not knowing is not an error for the buyer.
        if (!(err instanceof ProviderUnavailableError) && order.status === 'pending') throw err;
        deps.log.warn({ err, orderNo: order.orderNo }, 'payment provider could not answer during payCheck');
        return order;
      }
      if (!payment) return order;
      const p = payment;
      await transaction((tx) => settleIn(tx, order.orderNo, p, provider.name));
      return (await repo.byOrderNo(deps.db, order.orderNo))!;
    },

    /** Expires up to `limit` overdue orders (the expiry job); safe on several instances at once. */
    async expireDue(limit = 200): Promise<number> {
      return transaction(async (tx) => {
        const due = await repo.expireDue(tx, deps.clock.now(), limit);
        // Release in a fixed order so concurrent transactions lock catalogue rows alike.
        due.sort((a, b) => (a.cardInfoId ?? a.productId ?? '').localeCompare(b.cardInfoId ?? b.productId ?? ''));
        for (const order of due) await expired(tx, order);
        return due.length;
      });
    },

    /**
     * A verified webhook event: recorded once per (provider, event id) and settled in the same
     * transaction, so a replay or a concurrent duplicate is a no-op.
     */
    async applyWebhook(
      providerName: 'sandbox' | 'stripe',
      event: { eventId: string; eventType: string; payment: ProviderPayment | null },
    ): Promise<SettleOutcome | 'duplicate' | 'ignored'> {
      return transaction(async (tx) => {
        const id = newId('pev');
        const orderNo = event.payment?.orderNo ?? null;
        const fresh = await repo.recordEvent(tx, {
          id,
          provider: providerName,
          eventId: event.eventId,
          eventType: event.eventType,
          orderNo,
          outcome: 'received',
          receivedAt: deps.clock.now(),
        });
        if (!fresh) return 'duplicate';
        if (!event.payment || !orderNo) {
          await repo.setEventOutcome(tx, id, 'ignored', orderNo);
          return 'ignored';
        }
        const outcome = await settleIn(tx, orderNo, event.payment, providerName);
        await repo.setEventOutcome(tx, id, outcome, orderNo);
        return outcome;
      });
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;

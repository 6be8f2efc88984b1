import { newId } from '../../adapters/ids';
import type { Notifier } from '../notifications/notifications.service';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { accounts } from './accounts';
import type { Post } from './ledger';
import type { RefundsRepository } from './refunds.repository';

/** What the books need of a pay order (the wallet does not depend on pay orders: a plain shape). */
export interface OrderFacts {
  orderNo: string;
  buyerId: string;
  amountCents: number;
  currency: string;
  itemName: string;
  /** `balance`, or the provider the money came through. */
  provider: string;
  /** What a perk took off the order (decision 029); 0 or absent for none. */
  discountCents?: number;
}

/** A provider payment that cannot be kept. */
export interface PaymentToRefund {
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  paymentRef: string | null;
  amountCents: number;
  currency: string;
}

/** The posting key of a provider payment: `<provider>:<payment id>` (the checkout id when the provider gave none). */
export const paymentKey = (p: { provider: string; providerRef: string; paymentRef: string | null }) =>
  `${p.provider}:${p.paymentRef ?? p.providerRef}`;

/**
 * The postings of pay orders (decision 025), each inside the settling transaction and booked once per order or
 * payment: the receipt into orders clearing, the mall sale, a second payment back to the balance, and a payment owed
 * back (refunds payable, with its refund record).
 */
export function createOrderBooks(
  deps: Pick<Deps, 'clock'>,
  post: Post,
  refunds: Pick<RefundsRepository, 'insert'>,
  notifications: Notifier,
) {
  return {
    /** Money received for a paid order: from the provider, or from the buyer's balance (a 409 when short). */
    async receive(tx: Tx, order: OrderFacts): Promise<void> {
      if (order.provider === 'balance') {
        await post(tx, 'balance_payment', order.orderNo, [
          {
            account: accounts.balance(order.buyerId),
            amount: -order.amountCents,
            kind: 'purchase',
            description: `餘額付款：${order.itemName}`,
          },
          { account: accounts.ordersClearing, amount: order.amountCents, kind: 'internal' },
        ]);
        return;
      }
      await post(tx, 'payment_received', order.orderNo, [
        { account: accounts.providerClearing, amount: -order.amountCents, kind: 'internal' },
        { account: accounts.ordersClearing, amount: order.amountCents, kind: 'internal' },
      ]);
    },

    /** A settled mall order (card, product): the platform's sale. */
    async mallSale(tx: Tx, order: OrderFacts): Promise<void> {
      await post(tx, 'mall_sale', order.orderNo, [
        { account: accounts.ordersClearing, amount: -order.amountCents, kind: 'internal' },
        { account: accounts.sales, amount: order.amountCents, kind: 'internal' },
      ]);
    },

    /**
     * The perk discount of a settled mall order (decision 029): the sale is booked at its list price, the discount
     * as the platform's promotions expense (`platform:promotions −D, platform:sales +D`). Nothing without a discount.
     */
    async perkDiscount(tx: Tx, order: OrderFacts): Promise<void> {
      const d = order.discountCents ?? 0;
      if (d <= 0) return;
      await post(tx, 'perk_discount', order.orderNo, [
        { account: accounts.promotions, amount: -d, kind: 'internal' },
        { account: accounts.sales, amount: d, kind: 'internal' },
      ]);
    },

    /**
     * A provider payment for an order already paid from the wallet goes back to the buyer's balance, once per
     * checkout (keyed on it): false when it was already credited (decision 003).
     */
    async returnPayment(tx: Tx, order: OrderFacts, payment: { key: string; amountCents: number }): Promise<boolean> {
      const credited = await post(tx, 'payment_returned', payment.key, [
        { account: accounts.providerClearing, amount: -payment.amountCents, kind: 'internal' },
        {
          account: accounts.balance(order.buyerId),
          amount: payment.amountCents,
          kind: 'payment_returned',
          description: `重複付款退回至錢包：${order.itemName}（訂單 ${order.orderNo}）`,
        },
      ]);
      if (credited)
        await notifications.notify(tx, order.buyerId, 'refundIssued', {
          orderNo: order.orderNo,
          amountCents: payment.amountCents,
          toBalance: true,
        });
      return credited;
    },

    /**
     * A provider payment that cannot be kept (late, or a second capture): the money received is owed back
     * (provider clearing → refunds payable) and a refund record waits for an operator. Once per payment: false
     * when it was already booked.
     */
    async refundDue(
      tx: Tx,
      order: OrderFacts,
      payment: PaymentToRefund,
      reason: 'late' | 'duplicate',
    ): Promise<boolean> {
      const key = paymentKey(payment);
      const booked = await post(tx, reason === 'late' ? 'late_payment' : 'duplicate_payment', key, [
        { account: accounts.providerClearing, amount: -payment.amountCents, kind: 'internal' },
        { account: accounts.refundsPayable, amount: payment.amountCents, kind: 'internal' },
      ]);
      if (booked && payment.amountCents > 0) {
        await refunds.insert(tx, {
          id: newId('rfd'),
          orderNo: order.orderNo,
          buyerId: order.buyerId,
          provider: payment.provider,
          providerRef: payment.providerRef,
          paymentRef: payment.paymentRef ?? payment.providerRef,
          postingRef: key,
          amount: payment.amountCents,
          currency: payment.currency.toUpperCase(),
          reason,
          status: 'pending',
          createdAt: deps.clock.now(),
        });
      }
      return booked;
    },
  };
}
export type OrderBooks = ReturnType<typeof createOrderBooks>;

import type { AdminOrderRefund } from '../../../shared/schemas/admin-order-refunds';
import type { PayOrderRefund } from '../../../shared/schemas/pay-orders';
import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { accounts } from './accounts';
import type { Post } from './ledger';
import type { OrderFacts } from './order-books';
import type { OrderRefundsRepository, OrderRefundView } from './order-refunds.repository';
import type { RefundsRepository } from './refunds.repository';

/** An operator's refund of a paid mall order, as the books need it (decision 050). */
export interface OrderRefundInput {
  /** The refund's id (`ordr_…`): the key of its posting, named by the units' provenance. */
  id: string;
  order: OrderFacts & { providerRef: string | null; paymentRef: string | null };
  saleId: string;
  /** Given back to the buyer (cents), at most what they paid less earlier refunds: the caller checked it. */
  amount: number;
  /** The share of the order's perk discount it reverses (`platform:promotions`). */
  perkPart: number;
  toBalance: boolean;
  reason: string;
  itemIds: string[];
  idempotencyKey: string;
  operatorId: string;
}

/**
 * The part of a perk discount `D` that a refund reverses, for an order that was paid `paid` and had `before` refunded:
 * the discount in proportion to what is refunded, counted on the running total so the parts of every refund of an
 * order add up to `D` exactly once it is all refunded.
 */
export function perkPartOf(discount: number, paid: number, before: number, amount: number): number {
  if (discount <= 0 || paid <= 0) return 0;
  const upTo = (refunded: number) => Math.floor((discount * refunded) / paid);
  return upTo(before + amount) - upTo(before);
}

export const orderRefundView = (r: OrderRefundView): AdminOrderRefund => ({
  id: r.id,
  orderNo: r.orderNo,
  buyerId: r.buyerId,
  itemName: r.itemName,
  amount: r.amount,
  perkPart: r.perkPart,
  toBalance: r.toBalance,
  reason: r.reason,
  itemIds: r.itemIds,
  refundId: r.refundId,
  refundStatus: r.refundStatus,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** A refund as its buyer sees it on the order. */
export const buyerRefundView = (r: OrderRefundView): PayOrderRefund => ({
  amount: r.amount,
  reason: r.reason,
  toBalance: r.toBalance,
  settled: r.toBalance || r.refundStatus === 'paid',
  itemIds: r.itemIds,
  at: r.createdAt.toISOString(),
});

/**
 * The books of an operator's refund of a paid order (decision 050): the platform gives back the sale's money
 * (`platform:sales −(amount + perk part)`, `platform:promotions +perk part`) to the buyer's balance at once, or to
 * `refunds:payable` with a refund record that 帳目 → 退款 pays through the provider. One posting per refund, keyed by
 * its id, in the caller's transaction.
 */
export function createOrderRefundBooks(
  deps: Pick<Deps, 'clock'>,
  post: Post,
  repos: { orderRefunds: OrderRefundsRepository; refunds: Pick<RefundsRepository, 'insert'> },
) {
  return {
    async book(tx: Tx, input: OrderRefundInput): Promise<OrderRefundView> {
      const { order } = input;
      const { id } = input;
      const now = deps.clock.now();
      const provider = order.provider === 'sandbox' || order.provider === 'stripe' ? order.provider : null;
      const toBalance = input.toBalance || provider === null;
      if (!toBalance && !order.providerRef)
        throw new AppError('internal', `order ${order.orderNo} was paid through ${order.provider} with no checkout`);
      const booked = await post(tx, 'order_refund', id, [
        { account: accounts.sales, amount: -(input.amount + input.perkPart), kind: 'internal' },
        { account: accounts.promotions, amount: input.perkPart, kind: 'internal' },
        toBalance
          ? {
              account: accounts.balance(order.buyerId),
              amount: input.amount,
              kind: 'order_refund',
              description: `訂單退款：${order.itemName}（訂單 ${order.orderNo}）`,
            }
          : { account: accounts.refundsPayable, amount: input.amount, kind: 'internal' },
      ]);
      if (!booked) throw new AppError('internal', `order refund ${id} was booked before`);
      let refundId: string | null = null;
      if (!toBalance) {
        refundId = newId('rfd');
        await repos.refunds.insert(tx, {
          id: refundId,
          orderNo: order.orderNo,
          buyerId: order.buyerId,
          provider: provider!,
          providerRef: order.providerRef!,
          paymentRef: order.paymentRef ?? order.providerRef!,
          postingRef: id,
          amount: input.amount,
          currency: order.currency.toUpperCase(),
          reason: 'order',
          status: 'pending',
          createdAt: now,
        });
      }
      const row = {
        id,
        orderNo: order.orderNo,
        saleId: input.saleId,
        buyerId: order.buyerId,
        itemName: order.itemName,
        amount: input.amount,
        perkPart: input.perkPart,
        toBalance,
        refundId,
        reason: input.reason,
        itemIds: input.itemIds,
        idempotencyKey: input.idempotencyKey,
        createdBy: input.operatorId,
        createdAt: now,
      };
      await repos.orderRefunds.insert(tx, row);
      return { ...row, refundStatus: refundId ? 'pending' : null };
    },

    /** The refund an operator's request key already made on this order (a repeated request), if any. */
    byKey: (db: Executor, orderNo: string, key: string) => repos.orderRefunds.byKey(db, orderNo, key),
    /** The refunds of these orders, oldest first. */
    ofOrders: (db: Executor, orderNos: string[]) => repos.orderRefunds.ofOrders(db, orderNos),
    list: (db: Executor, q: { orderNo?: string; limit: number; offset: number }) => repos.orderRefunds.list(db, q),
  };
}
export type OrderRefundBooks = ReturnType<typeof createOrderRefundBooks>;

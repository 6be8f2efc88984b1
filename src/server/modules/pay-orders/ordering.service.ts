import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import { payOrderReturnPath } from '../../../shared/routes';
import type { PayOrder, PayOrderInput, PayOrderListQuery, PaymentMethod } from '../../../shared/schemas/pay-orders';
import { newId, newOrderNo, sha256 } from '../../adapters/ids';
import { ProviderUnavailableError } from '../../adapters/payments/payment-provider';
import type { Deps } from '../../deps';
import { withCommit } from '../../db/pipelined-session';
import { AppError, conflict, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import type { OrderTypeRegistry } from './order-types';
import { payOrderView } from './pay-order-view';
import type { PayOrderRow, PayOrdersRepository } from './pay-orders.repository';
import type { Settlement } from './settlement.service';
import { paging } from '../../db/queries';

/** A create transaction's last statements, once sent: the order's insert and the claim (if its type has one). */
interface LastStatements {
  inserted: Promise<PayOrderRow>;
  claimed: Promise<void> | undefined;
}

/** The order a transaction's last statements inserted, once both answered; the first one's error otherwise. */
async function settled(last: LastStatements | null): Promise<PayOrderRow | null> {
  if (!last) return null;
  const row = await last.inserted;
  await last.claimed;
  return row;
}

export type OrderingDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'payments'> & {
  config: Pick<Deps['config'], 'publicUrl'>;
};

/** What a buyer does with orders: create (reserve, then open the checkout), look, list and cancel. */
export function createOrdering(
  deps: OrderingDeps,
  {
    repo,
    orderTypes,
    settlement,
  }: { repo: PayOrdersRepository; orderTypes: OrderTypeRegistry; settlement: Settlement },
) {
  const provider = deps.payments;
  const view = (o: PayOrderRow) => payOrderView(o, provider);

  async function ownOrder(actor: Actor, orderNo: string) {
    const order = await repo.byOrderNo(deps.db, orderNo);
    // Another user's order does not exist for this user (403 would log them out).
    if (!order || order.buyerId !== actor.userId) throw notFound('找不到此訂單');
    return order;
  }

  /** Opens the provider's checkout for a committed order (outside the reservation transaction). */
  async function ensureCheckout(order: PayOrderRow, origin: string): Promise<PayOrderRow> {
    if (order.payUrl || order.status !== 'pending') return order;
    const back = `${origin}${payOrderReturnPath(order)}`;
    // A discounted order is one line at its amount: the provider then charges what the order says.
    const discounted = order.discountCents > 0;
    try {
      const checkout = await provider.createCheckout({
        orderNo: order.orderNo,
        itemName: discounted ? `${order.itemName} × ${order.quantity}（已扣持卡優惠）` : order.itemName,
        quantity: discounted ? 1 : order.quantity,
        unitAmountCents: discounted ? order.amountCents : order.unitPriceCents,
        amountCents: order.amountCents,
        successUrl: back,
        cancelUrl: back,
      });
      await repo.setCheckout(deps.db, order.id, checkout, deps.clock.now());
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      deps.log.warn({ err, orderNo: order.orderNo }, 'payment provider failed to open a checkout');
      // Undo the reservation step: the order cannot be paid.
      await settlement.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, order.orderNo, deps.clock.now(), '付款服務未能開啟付款頁面', {
          onlyWithoutCheckout: true,
        });
        if (cancelled) await settlement.release(tx, cancelled);
      });
      throw new AppError('unavailable', '付款服務暫時無法使用，請稍後再試');
    }
    return (await repo.byOrderNo(deps.db, order.orderNo))!;
  }

  return {
    view,

    /** The payment method the pay screen offers. */
    methods(): PaymentMethod[] {
      return [
        { provider: provider.name, label: provider.methodLabel },
        { provider: 'balance', label: '錢包餘額' },
      ];
    },

    /**
     * A sold-out drop meets thousands of attempts after its last edition: the 409 any new order of it gets, known
     * without a query and without knowing the caller (null otherwise, and always for the retry of an existing order
     * of the item, its Idempotency-Key, which must find its order).
     */
    refusalFromMemory(input: PayOrderInput, idempotencyKey: string): AppError | null {
      const type = orderTypes.get(input.type);
      return type.refusalFromMemory?.(type.itemId(input), idempotencyKey) ?? null;
    },

    /**
     * Creates a pay order and reserves what it buys, in one transaction per buyer; the same
     * idempotency key from the same buyer answers the same order. `origin`: where the checkout and the way back
     * start (the route's requestOrigin; PUBLIC_URL by default). `admission`: the waiting room's token, which a hot
     * drop's type asks for (`admit`, decision 044).
     */
    async create(
      actor: Actor,
      input: PayOrderInput,
      idempotencyKey: string,
      origin: string = deps.config.publicUrl,
      admission?: string,
    ): Promise<PayOrder> {
      const type = orderTypes.get(input.type);
      const itemId = type.itemId(input);
      // A market order buys its one listing.
      const quantity = 'quantity' in input ? input.quantity : 1;
      // A `bids` order is also its list of cards and prices: the same key with another list is another request.
      const requestHash = sha256(
        JSON.stringify('bids' in input ? [input.type, itemId, quantity, input.bids] : [input.type, itemId, quantity]),
      );
      // Answered by the route before the session lookup already; again here for any other caller.
      const known = type.refusalFromMemory?.(itemId, idempotencyKey);
      if (known) throw known;
      // Fast refusal without a transaction when the item cannot be bought by anyone right now.
      // Availability is read before the key: an order that took the last edition is committed
      // together with its key, so a retry of it is still found.
      const available = await type.availability(deps.db, itemId);
      const refusal = available.refusal(deps.clock.now());
      if (refusal && !(await repo.byKey(deps.db, actor.userId, idempotencyKey))) throw refusal;
      let last: LastStatements | null = null;
      const found = await deps.db
        .transaction(async (tx) => {
          // Sent together, in one write with the BEGIN (db/pipelined-session.ts): the buyer's lock first, then the reads
          // that need it (each statement's snapshot is taken as it starts, so once the lock is held, as if each had
          // waited for the one before). Awaited in order: the lock's error, if any, is the one that counts.
          const locked = repo.lockBuyer(tx, actor.userId);
          const keyed = repo.byKey(tx, actor.userId, idempotencyKey);
          keyed.catch(() => undefined);
          const ahead = type.readAhead?.(tx, { buyerId: actor.userId, itemId }, available);
          await locked;
          const existing = await keyed;
          if (existing) {
            if (existing.requestHash !== requestHash) throw conflict('此 Idempotency-Key 已用於另一張訂單，請重新提交');
            return existing;
          }
          const now = deps.clock.now();
          // A hot drop's admission, checked once the request is known not to be a retry (a retry gets its order).
          const admissionId = await type.admit?.(
            tx,
            { buyerId: actor.userId, itemId, token: admission, now },
            available,
          );
          const orderNo = newOrderNo(now);
          const { claim, ...item } = await type.reserve(
            tx,
            { buyerId: actor.userId, itemId, quantity, orderNo, request: input },
            now,
            available,
            ahead,
          );
          // Sent and not awaited: they go out in one write with the commit (withCommit), so the drop's supply row,
          // locked by the claim, stays locked for the database's work only (ReservedItem.claim). Their answers are
          // awaited once the transaction returned: a failed insert or a refused claim turned the commit into a rollback.
          last = withCommit(tx, () => ({
            inserted: repo.insert(tx, {
              id: newId('pord'),
              orderNo,
              ...(provider.localCheckout(orderNo, origin) ?? {}),
              type: input.type,
              buyerId: actor.userId,
              ...item,
              quantity,
              amountCents: item.unitPriceCents * quantity - (item.discountCents ?? 0),
              provider: provider.name,
              idempotencyKey,
              requestHash,
              admissionId: admissionId ?? null,
              expiresAt: new Date(now.getTime() + PAY_ORDER_TTL_MS),
              createdAt: now,
              updatedAt: now,
            }),
            claimed: claim?.(),
          }));
          // Awaited below; a failed commit must not leave them unhandled meanwhile.
          last.inserted.catch(() => undefined);
          last.claimed?.catch(() => undefined);
          return null;
        })
        .catch(async (err: unknown) => {
          // The insert's own error first (the claim behind it then fails too), then a refused claim's 409 (which can
          // also fail the commit: PGlite reports the rollback).
          await settled(last);
          throw err;
        });
      // The statement that rolled the transaction back, if one did: no order exists then.
      const order = found ?? (await settled(last))!;
      return view(await ensureCheckout(order, origin));
    },

    /** The buyer's own order; an overdue pending order is expired on the way. */
    async info(actor: Actor, orderNo: string): Promise<PayOrder> {
      return view(await settlement.expireIfOverdue(await ownOrder(actor, orderNo)));
    },

    /** The buyer's own order after asking the provider whether it was paid. */
    async payCheck(actor: Actor, orderNo: string): Promise<PayOrder> {
      const order = await ownOrder(actor, orderNo);
      return view(await settlement.expireIfOverdue(await settlement.reconcile(order)));
    },

    /** pending → cancelled by the buyer, reservation given back. */
    async cancel(actor: Actor, orderNo: string): Promise<PayOrder> {
      const order = await settlement.expireIfOverdue(await ownOrder(actor, orderNo));
      if (order.status !== 'pending')
        throw conflict(order.status === 'paid' ? '訂單已付款，不能取消' : '訂單已結束，不能取消');
      const result = await settlement.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, orderNo, deps.clock.now(), null);
        if (cancelled) await settlement.release(tx, cancelled);
        return cancelled;
      });
      if (!result) throw conflict('訂單狀態已改變，請重新整理');
      return view(result);
    },

    /** The buyer's orders, newest first. */
    async list(actor: Actor, q: PayOrderListQuery): Promise<PayOrder[]> {
      const rows = await repo.listForBuyer(deps.db, actor.userId, {
        type: q.type,
        status: q.status,
        itemId: q.itemId,
        ...paging(q),
      });
      const now = deps.clock.now();
      const out: PayOrder[] = [];
      for (const row of rows)
        out.push(view(row.status === 'pending' && row.expiresAt <= now ? await settlement.expireIfOverdue(row) : row));
      return q.status ? out.filter((o) => o.status === q.status) : out;
    },
  };
}

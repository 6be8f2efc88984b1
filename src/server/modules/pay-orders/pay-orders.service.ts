import { PAY_ORDER_TTL_MS } from '../../../shared/constants';
import {
  type CreatePayOrder,
  type PayOrder,
  type PayOrderListQuery,
  type PayOrderType,
  type PaymentMethod,
} from '../../../shared/schemas/pay-orders';
import { formatSerial } from '../../../shared/serial';
import { newId, randomBase32, randomDigits, sha256 } from '../../adapters/ids';
import { ProviderUnavailableError, type ProviderPayment } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import type { PayOrderFulfilment } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService, SaleInfo } from '../catalogue/catalogue.service';
import type { GoodsService } from '../goods/goods.service';
import { createPayOrdersRepository, type PayOrderRow } from './pay-orders.repository';

/** What happened to a reported payment; also stored on the webhook event. */
export type SettleOutcome = 'settled' | 'already_paid' | 'refunded_late' | 'already_refunded' | 'amount_mismatch' | 'unknown_order' | 'other_provider' | 'checkout_mismatch';

/**
 * How one order type reserves, releases and delivers what it buys. Card and product orders are
 * here; the market adds `market` and `bid` handlers without touching the order flow.
 */
interface ItemHandler {
  release(tx: Tx, order: PayOrderRow): Promise<boolean>;
  fulfil(tx: Tx, order: PayOrderRow): Promise<PayOrderFulfilment>;
}

const HK_OFFSET_MS = 8 * 3600_000;

/** TR + yymmdd (Hong Kong date) + 4 digits + 4 letters: TR2611221234ABCD. */
function newOrderNo(now: Date): string {
  const hk = new Date(now.getTime() + HK_OFFSET_MS).toISOString();
  return `TR${hk.slice(2, 4)}${hk.slice(5, 7)}${hk.slice(8, 10)}${randomDigits(4)}${randomBase32(4).replace(/[0-9]/g, (d) => 'ABCDEFGHJK'[Number(d)]!)}`;
}

const hkTime = (d: Date) =>
  new Intl.DateTimeFormat('zh-HK', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);

const LATE_PAYMENT_NOTE = '付款於訂單逾期或取消後才到達，款項將全數退回，不會發出卡牌或商品';

export interface PayOrdersDeps {
  catalogue: CatalogueService;
  cards: CardsService;
  goods: GoodsService;
}

export function createPayOrdersService(deps: Deps, svc: PayOrdersDeps) {
  const repo = createPayOrdersRepository();
  const provider = deps.payments;

  const handlers: Partial<Record<PayOrderType, ItemHandler>> = {
    card: {
      release: (tx, o) => svc.catalogue.release(tx, { kind: 'card', id: o.cardInfoId! }, o.quantity),
      async fulfil(tx, o) {
        const minted = await svc.cards.mint(tx, {
          cardInfoId: o.cardInfoId!,
          ownerId: o.buyerId,
          quantity: o.quantity,
          via: 'drop',
          refId: o.orderNo,
          priceCents: o.unitPriceCents,
          fromReservation: true,
        });
        return { cards: minted.map((c) => ({ id: c.id, serial: c.serial, editionSize: c.editionSize, name: c.name, image: c.image, rarity: c.rarity })) };
      },
    },
    product: {
      release: (tx, o) => svc.catalogue.release(tx, { kind: 'product', id: o.productId! }, o.quantity),
      async fulfil(tx, o) {
        const created = await svc.goods.create(tx, {
          productId: o.productId!,
          ownerId: o.buyerId,
          quantity: o.quantity,
          refId: o.orderNo,
          priceCents: o.unitPriceCents,
          fromReservation: true,
        });
        return { goods: created };
      },
    },
  };

  function handler(type: PayOrderType): ItemHandler {
    const h = handlers[type];
    // Only reachable if a row of a type this build cannot settle exists: a bug, so a 500.
    if (!h) throw new AppError('internal', `no handler for pay order type ${type}`);
    return h;
  }

  /** Gives an order's reservation back; a missing reservation means the books are wrong, so roll back. */
  async function release(tx: Tx, order: PayOrderRow) {
    if (!(await handler(order.type).release(tx, order))) {
      throw new AppError('internal', `reservation of ${order.orderNo} was not held`);
    }
  }

  function view(o: PayOrderRow): PayOrder {
    const f = o.fulfilment ?? {};
    return {
      orderNo: o.orderNo,
      type: o.type,
      status: o.status,
      itemId: o.cardInfoId ?? o.productId ?? o.listingId ?? '',
      itemName: o.itemName,
      itemImage: o.itemImage,
      quantity: o.quantity,
      unitPrice: o.unitPriceCents,
      amount: o.amountCents,
      currency: 'HKD',
      provider: o.provider,
      paymentMethod: o.provider === provider.name ? provider.methodLabel : o.provider === 'stripe' ? '信用卡' : o.provider === 'sandbox' ? '模擬付款' : '錢包餘額',
      payUrl: o.status === 'pending' ? o.payUrl : null,
      expiresAt: o.expiresAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
      note: o.note,
      cards: (f.cards ?? []).map((c) => ({ ...c, serialText: formatSerial(c.serial, c.editionSize) })),
      goods: f.goods ?? [],
    };
  }

  /** The 409s of a mall item that cannot be ordered right now, in zh-HK. */
  function assertOnSale(sale: SaleInfo, now: Date) {
    const what = sale.kind === 'card' ? '此卡牌' : '此商品';
    if (sale.priceCents === null || sale.saleState === 'not_for_sale') throw conflict(`${what}不設公開發售`);
    if (sale.saleStartsAt && now < sale.saleStartsAt) throw conflict(`${what}尚未開售，開售時間為 ${hkTime(sale.saleStartsAt)}`);
    if (sale.saleEndsAt && now >= sale.saleEndsAt) throw conflict(`${what}的發售已結束`);
  }

  async function ownOrder(actor: Actor, orderNo: string) {
    const order = await repo.byOrderNo(deps.db, orderNo);
    // Another user's order does not exist for this user (403 would log them out).
    if (!order || order.buyerId !== actor.userId) throw notFound('找不到此訂單');
    return order;
  }

  /** Expires one overdue pending order and gives its reservation back; a no-op for anything else. */
  async function expireIfOverdue(order: PayOrderRow): Promise<PayOrderRow> {
    if (order.status !== 'pending' || order.expiresAt > deps.clock.now()) return order;
    return deps.db.transaction(async (tx) => {
      const expired = await repo.expireOne(tx, order.orderNo, deps.clock.now());
      if (expired) await release(tx, expired);
      return expired ?? (await repo.byOrderNo(tx, order.orderNo))!;
    });
  }

  /** Opens the provider's checkout for a committed order (outside the reservation transaction). */
  async function ensureCheckout(order: PayOrderRow): Promise<PayOrderRow> {
    if (order.payUrl || order.status !== 'pending') return order;
    const returnPath = order.type === 'product' ? '/mall/goodsInfo' : '/mall/info';
    const back = `${deps.config.publicUrl}${returnPath}?orderNo=${encodeURIComponent(order.orderNo)}`;
    try {
      const checkout = await provider.createCheckout({
        orderNo: order.orderNo,
        itemName: order.itemName,
        quantity: order.quantity,
        unitAmountCents: order.unitPriceCents,
        amountCents: order.amountCents,
        successUrl: back,
        cancelUrl: back,
      });
      await repo.setCheckout(deps.db, order.id, checkout, deps.clock.now());
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      deps.log.warn({ err, orderNo: order.orderNo }, 'payment provider failed to open a checkout');
      // Undo the reservation step: the order cannot be paid.
      await deps.db.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, order.orderNo, deps.clock.now(), '付款服務未能開啟付款頁面', { onlyWithoutCheckout: true });
        if (cancelled) await release(tx, cancelled);
      });
      throw new AppError('unavailable', '付款服務暫時無法使用，請稍後再試');
    }
    return (await repo.byOrderNo(deps.db, order.orderNo))!;
  }

  /**
   * Applies a payment the provider reported, exactly once, inside `tx`: pending → paid and the
   * items delivered; a payment for an overdue, expired or cancelled order is marked for refund.
   */
  async function settleIn(tx: Tx, orderNo: string, payment: ProviderPayment, providerName: string): Promise<SettleOutcome> {
    const order = await repo.byOrderNo(tx, orderNo);
    if (!order) return 'unknown_order';
    if (order.provider !== providerName) return 'other_provider';
    // The payment must be for this order's own checkout: an event naming order A with order B's checkout pays nothing.
    if (!order.providerRef || payment.providerRef !== order.providerRef) {
      deps.log.warn({ orderNo, providerRef: payment.providerRef }, 'payment names another checkout than the order');
      return 'checkout_mismatch';
    }
    if (payment.amountCents !== order.amountCents || payment.currency.toUpperCase() !== order.currency) {
      deps.log.warn({ orderNo, paid: payment.amountCents, currency: payment.currency }, 'payment does not match the order amount');
      return 'amount_mismatch';
    }
    const now = deps.clock.now();
    const paid = await repo.markPaid(tx, orderNo, now, payment.paymentRef);
    if (paid) {
      await repo.setFulfilment(tx, paid.id, await handler(paid.type).fulfil(tx, paid));
      return 'settled';
    }
    // Someone else got here first, or the payment is late: decide on the locked row.
    const current = (await repo.byOrderNo(tx, orderNo, { forUpdate: true }))!;
    if (current.status === 'paid') return 'already_paid';
    if (current.status === 'refunded') return 'already_refunded';
    if (current.status === 'pending') {
      const expired = await repo.expireOne(tx, orderNo, now);
      if (expired) await release(tx, expired);
    }
    await repo.markRefunded(tx, orderNo, now, LATE_PAYMENT_NOTE, payment.paymentRef);
    deps.log.warn({ orderNo, paymentRef: payment.paymentRef }, 'late payment marked for refund');
    return 'refunded_late';
  }

  /** payCheck: asks the provider about a pending order and settles it when paid. */
  async function reconcile(order: PayOrderRow): Promise<PayOrderRow> {
    if (order.status !== 'pending' || !order.providerRef || order.provider !== provider.name) return order;
    let payment: ProviderPayment | null = null;
    try {
      payment = await provider.retrievePayment(order.providerRef);
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
      deps.log.warn({ err, orderNo: order.orderNo }, 'payment provider unreachable during payCheck');
      return order;
    }
    if (!payment) return order;
    const p = payment;
    await deps.db.transaction((tx) => settleIn(tx, order.orderNo, p, provider.name));
    return (await repo.byOrderNo(deps.db, order.orderNo))!;
  }

  return {
    /** The payment method the pay screen offers. */
    methods(): PaymentMethod[] {
      return [{ provider: provider.name, label: provider.methodLabel }];
    },

    /**
     * Creates a pay order and reserves what it buys, in one transaction per buyer; the same
     * idempotency key from the same buyer answers the same order.
     */
    async create(actor: Actor, input: CreatePayOrder, idempotencyKey: string): Promise<PayOrder> {
      const requestHash = sha256(JSON.stringify(input.type === 'card' ? [input.type, input.cardInfoId, input.quantity] : [input.type, input.productId, input.quantity]));
      const item = input.type === 'card' ? { kind: 'card' as const, id: input.cardInfoId } : { kind: 'product' as const, id: input.productId };
      // Fast refusal without a transaction when the item cannot be bought by anyone right now (a
      // sold-out drop meets thousands of attempts). The sale is read before the key: an order that
      // took the last edition is committed together with its key, so a retry of it is still found.
      const early = await svc.catalogue.saleInfo(deps.db, item);
      if (!(await repo.byKey(deps.db, actor.userId, idempotencyKey))) {
        assertOnSale(early, deps.clock.now());
        if (early.left === 0) throw conflict(`${item.kind === 'card' ? '此卡牌' : '此商品'}已售罄`);
      }
      const order = await deps.db.transaction(async (tx) => {
        await repo.lockBuyer(tx, actor.userId);
        const existing = await repo.byKey(tx, actor.userId, idempotencyKey);
        if (existing) {
          if (existing.requestHash !== requestHash) throw conflict('此 Idempotency-Key 已用於另一張訂單，請重新提交');
          return existing;
        }
        const now = deps.clock.now();
        const sale = await svc.catalogue.saleInfo(tx, item);
        assertOnSale(sale, now);
        const what = item.kind === 'card' ? '此卡牌' : '此商品';
        const unit = item.kind === 'card' ? '張' : '件';
        if (sale.left === 0) throw conflict(`${what}已售罄`);
        const held = await repo.heldQuantity(tx, actor.userId, { type: item.kind, id: item.id });
        if (held + input.quantity > sale.perUserLimit) {
          throw conflict(
            held > 0
              ? `${what}每人限購 ${sale.perUserLimit} ${unit}，你已購買或有待付款訂單 ${held} ${unit}`
              : `${what}每人限購 ${sale.perUserLimit} ${unit}`,
          );
        }
        const reserved = await svc.catalogue.reserve(tx, item, input.quantity);
        if (!reserved) {
          const left = (await svc.catalogue.saleInfo(tx, item)).left;
          throw conflict(left === 0 ? `${what}已售罄` : `${what}只剩 ${left} ${unit}，請減少數量`);
        }
        const orderNo = newOrderNo(now);
        return repo.insert(tx, {
          id: newId('pord'),
          orderNo,
          ...(provider.localCheckout(orderNo) ?? {}),
          type: input.type,
          buyerId: actor.userId,
          cardInfoId: item.kind === 'card' ? item.id : null,
          productId: item.kind === 'product' ? item.id : null,
          itemName: sale.name,
          itemImage: sale.image,
          quantity: input.quantity,
          unitPriceCents: sale.priceCents!,
          amountCents: sale.priceCents! * input.quantity,
          provider: provider.name,
          idempotencyKey,
          requestHash,
          expiresAt: new Date(now.getTime() + PAY_ORDER_TTL_MS),
          createdAt: now,
          updatedAt: now,
        });
      });
      return view(await ensureCheckout(order));
    },

    /** The buyer's own order; an overdue pending order is expired on the way. */
    async info(actor: Actor, orderNo: string): Promise<PayOrder> {
      return view(await expireIfOverdue(await ownOrder(actor, orderNo)));
    },

    /** The buyer's own order after asking the provider whether it was paid. */
    async payCheck(actor: Actor, orderNo: string): Promise<PayOrder> {
      const order = await ownOrder(actor, orderNo);
      return view(await expireIfOverdue(await reconcile(order)));
    },

    /** pending → cancelled by the buyer, reservation given back. */
    async cancel(actor: Actor, orderNo: string): Promise<PayOrder> {
      const order = await expireIfOverdue(await ownOrder(actor, orderNo));
      if (order.status !== 'pending') throw conflict(order.status === 'paid' ? '訂單已付款，不能取消' : '訂單已結束，不能取消');
      const result = await deps.db.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, orderNo, deps.clock.now(), null);
        if (cancelled) await release(tx, cancelled);
        return cancelled;
      });
      if (!result) throw conflict('訂單狀態已改變，請重新整理');
      return view(result);
    },

    /** The buyer's orders, newest first. */
    async list(actor: Actor, q: PayOrderListQuery): Promise<PayOrder[]> {
      const rows = await repo.listForBuyer(deps.db, actor.userId, { type: q.type, status: q.status, itemId: q.itemId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const now = deps.clock.now();
      const out: PayOrder[] = [];
      for (const row of rows) out.push(view(row.status === 'pending' && row.expiresAt <= now ? await expireIfOverdue(row) : row));
      return q.status ? out.filter((o) => o.status === q.status) : out;
    },

    /** Expires up to `limit` overdue orders (the expiry job); safe on several instances at once. */
    async expireDue(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const expired = await repo.expireDue(tx, deps.clock.now(), limit);
        // Release in a fixed order so concurrent transactions lock catalogue rows alike.
        expired.sort((a, b) => (a.cardInfoId ?? a.productId ?? '').localeCompare(b.cardInfoId ?? b.productId ?? ''));
        for (const order of expired) await release(tx, order);
        return expired.length;
      });
    },

    /**
     * A verified webhook event: recorded once per (provider, event id) and settled in the same
     * transaction, so a replay or a concurrent duplicate is a no-op.
     */
    async applyWebhook(providerName: 'sandbox' | 'stripe', event: { eventId: string; eventType: string; payment: ProviderPayment | null }): Promise<SettleOutcome | 'duplicate' | 'ignored'> {
      return deps.db.transaction(async (tx) => {
        const id = newId('pev');
        const orderNo = event.payment?.orderNo ?? null;
        const fresh = await repo.recordEvent(tx, { id, provider: providerName, eventId: event.eventId, eventType: event.eventType, orderNo, outcome: 'received', receivedAt: deps.clock.now() });
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

    /** The order behind a sandbox checkout page (anyone holding the link may pay it, as at a real provider). */
    async sandboxCheckout(orderNo: string) {
      const order = await repo.byOrderNo(deps.db, orderNo);
      if (!order || order.provider !== 'sandbox') return null;
      return view(await expireIfOverdue(order));
    },

    /** The raw row for the sandbox page's confirm step (provider ref and amount). */
    async sandboxOrder(orderNo: string) {
      const order = await repo.byOrderNo(deps.db, orderNo);
      return order && order.provider === 'sandbox' ? order : null;
    },
  };
}
export type PayOrdersService = ReturnType<typeof createPayOrdersService>;

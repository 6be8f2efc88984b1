import { recordingNotifier } from '../notifications/notifications.fixtures';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalBroadcast } from '../../adapters/broadcast';
import { ManualClock } from '../../adapters/clock';
import {
  ProviderUnavailableError,
  type CheckoutInput,
  type ProviderPayment,
} from '../../adapters/payments/payment-provider';
import type { StripeProvider } from '../../adapters/payments/stripe';
import { AppError } from '../../errors';
import { fakeDb, memoryLog } from '../../testing/fakes';
import type { Actor } from '../auth/auth.service';
import type { SaleInfo, SaleKind } from '../catalogue/catalogue.service';
import { testSaleInfo } from '../catalogue/sale-info.fixtures';
import { SOLD_OUT_FLAG_TTL_MS, createSoldOutFlags } from '../catalogue/sold-out-flags';
import type { NewPayOrder, PayOrderRow, PayOrdersRepository } from './pay-orders.repository';
import { createMallService } from '../mall/mall.service';
import { noPerks } from '../perks/perks.fixtures';
import type { MallOrderDeps } from '../mall/mall-order-types';
import { createPayOrdersService } from './pay-orders.service';
import type { PayOrderBooks } from './settlement.service';
import type { NewSale } from '../sales/sales.service';

/**
 * Pay orders with every outside part faked (STYLE.md §9, first tier): an in-memory repository with
 * the SQL's conditions, a catalogue that counts reservations, a provider and a manual clock.
 * The HTTP and database behaviour is covered by pay-orders.test.ts and pay-orders.pg.test.ts.
 */

const MIN = 60_000;

function fakeRepository() {
  const orders: PayOrderRow[] = [];
  const events = new Map<string, { id: string; outcome: string; orderNo: string | null }>();
  const find = (orderNo: string) => orders.find((o) => o.orderNo === orderNo) ?? null;
  const update = (o: PayOrderRow | null, patch: Partial<PayOrderRow>) => (o ? Object.assign(o, patch) : null);
  const repo: PayOrdersRepository = {
    async lockBuyer() {},
    async byKey(_db, buyerId, key) {
      return orders.find((o) => o.buyerId === buyerId && o.idempotencyKey === key) ?? null;
    },
    async byOrderNo(_db, orderNo) {
      return find(orderNo);
    },
    async heldQuantity(_db, buyerId, item) {
      return orders
        .filter(
          (o) =>
            o.buyerId === buyerId &&
            (item.type === 'card' ? o.cardInfoId : o.productId) === item.id &&
            ['pending', 'paid'].includes(o.status),
        )
        .reduce((n, o) => n + o.quantity, 0);
    },
    async orderKeysOfItem(_db, item) {
      return [
        ...new Set(
          orders
            .filter((o) => (item.type === 'card' ? o.cardInfoId : o.productId) === item.id)
            .map((o) => o.idempotencyKey),
        ),
      ];
    },
    async insert(_db, row: NewPayOrder) {
      const full: PayOrderRow = {
        cardInfoId: null,
        productId: null,
        listingId: null,
        itemImage: '',
        currency: 'HKD',
        status: 'pending',
        providerRef: null,
        providerPaymentRef: null,
        payUrl: null,
        paidAt: null,
        cancelledAt: null,
        expiredAt: null,
        refundedAt: null,
        note: null,
        fulfilment: null,
        ...row,
      } as PayOrderRow;
      orders.push(full);
      return full;
    },
    async setCheckout(_db, id, checkout, now) {
      const o = orders.find((x) => x.id === id);
      if (o && o.payUrl === null) Object.assign(o, { ...checkout, updatedAt: now });
    },
    async markPaid(_db, orderNo, now, paymentRef) {
      const o = find(orderNo);
      return o?.status === 'pending' && o.expiresAt > now
        ? update(o, { status: 'paid', paidAt: now, providerPaymentRef: paymentRef })
        : null;
    },
    async switchToBalance(_db, orderNo, now) {
      const o = find(orderNo);
      if (o?.status === 'pending') update(o, { provider: 'balance', providerRef: null, payUrl: null, updatedAt: now });
    },
    async setFulfilment(_db, id, fulfilment) {
      update(orders.find((o) => o.id === id) ?? null, { fulfilment });
    },
    async cancel(_db, orderNo, now, note, extra = {}) {
      const o = find(orderNo);
      return o?.status === 'pending' && (!extra.onlyWithoutCheckout || o.payUrl === null)
        ? update(o, { status: 'cancelled', cancelledAt: now, note })
        : null;
    },
    async expireOne(_db, orderNo, now) {
      const o = find(orderNo);
      return o?.status === 'pending' && o.expiresAt <= now ? update(o, { status: 'expired', expiredAt: now }) : null;
    },
    async expireDue(_db, now, limit) {
      return orders
        .filter((o) => o.status === 'pending' && o.expiresAt <= now)
        .slice(0, limit)
        .map((o) => update(o, { status: 'expired', expiredAt: now })!);
    },
    async markRefunded(_db, orderNo, now, note, paymentRef) {
      const o = find(orderNo);
      return o && ['expired', 'cancelled'].includes(o.status)
        ? update(o, { status: 'refunded', refundedAt: now, note, providerPaymentRef: paymentRef })
        : null;
    },
    async listForBuyer(_db, buyerId, q) {
      return orders
        .filter((o) => o.buyerId === buyerId && (!q.type || o.type === q.type) && (!q.status || o.status === q.status))
        .reverse()
        .slice(q.offset, q.offset + q.limit);
    },
    async recordEvent(_db, row) {
      const key = `${row.provider}:${row.eventId}`;
      if (events.has(key)) return false;
      events.set(key, { id: row.id, outcome: row.outcome, orderNo: row.orderNo ?? null });
      return true;
    },
    async ledgerFacts() {
      return orders.map((o) => ({ ...o }));
    },
    async setEventOutcome(_db, id, outcome, orderNo) {
      for (const e of events.values()) if (e.id === id) Object.assign(e, { outcome, orderNo });
    },
  };
  return { repo, orders, events };
}

/** Catalogue supply and delivery, counted; sold-out flags are the real ones on an in-process broadcast. */
function fakeItems(clock: ManualClock) {
  const supply = new Map<string, SaleInfo & { reserved: number; sold: number }>();
  const minted: { cardInfoId: string; ownerId: string; quantity: number }[] = [];
  const key = (kind: SaleKind, id: string) => `${kind}:${id}`;
  const get = (kind: SaleKind, id: string) => {
    const s = supply.get(key(kind, id));
    if (!s) throw new AppError('not_found', '找不到此商品');
    return s;
  };
  /** The wallet's order books, as calls: each booked once per key, like the ledger's `post`. */
  const booked: string[] = [];
  const once = (key: string) => (booked.includes(key) ? false : (booked.push(key), true));
  const mallBooks: MallOrderDeps['books'] = {
    async mallSale(_tx, o) {
      once(`mall_sale:${o.orderNo}:${o.amountCents}`);
    },
    async perkDiscount(_tx, o) {
      if ((o.discountCents ?? 0) > 0) once(`perk_discount:${o.orderNo}:${o.discountCents}`);
    },
  };
  /** The sale records the mall's workflows wrote. */
  const sales: NewSale[] = [];
  const books: PayOrderBooks = {
    async receive(_tx, o) {
      once(`${o.provider === 'balance' ? 'balance_payment' : 'payment_received'}:${o.orderNo}:${o.amountCents}`);
    },
    returnPayment: async (_tx, _o, p) => once(`payment_returned:${p.key}`),
    refundDue: async (_tx, o, p, reason) => once(`${reason}:${o.orderNo}:${p.provider}:${p.paymentRef}`),
  };
  const svc: Omit<MallOrderDeps, 'db' | 'payOrders'> = {
    books: mallBooks,
    sales: {
      async record(_tx, sale) {
        sales.push(sale);
        return `sale-${sales.length}`;
      },
    },
    catalogue: {
      soldOut: createSoldOutFlags({ broadcast: createLocalBroadcast(), clock }),
      async saleInfo(_db, { kind, id }) {
        const s = get(kind, id);
        return { ...s, left: s.total - s.reserved - s.sold };
      },
      async claim(_tx, { kind, id }, quantity) {
        const s = get(kind, id);
        if (s.total - s.reserved - s.sold < quantity) return false;
        s.reserved += quantity;
        return true;
      },
      async release(_tx, { kind, id }, quantity) {
        const s = get(kind, id);
        if (s.reserved < quantity) return false;
        s.reserved -= quantity;
        return true;
      },
    },
    cards: {
      async mint(_tx, input) {
        const s = get('card', input.cardInfoId);
        s.reserved -= input.quantity;
        s.sold += input.quantity;
        minted.push({ cardInfoId: input.cardInfoId, ownerId: input.ownerId, quantity: input.quantity });
        return Array.from({ length: input.quantity }, (_, i) => ({
          id: `card-${minted.length}-${i}`,
          cardInfoId: input.cardInfoId,
          name: s.name,
          image: s.image,
          rarity: 'R',
          serial: s.sold - input.quantity + i + 1,
          editionSize: s.total,
        }));
      },
    },
    goods: {
      async create(_tx, input) {
        const s = get('product', input.productId);
        s.reserved -= input.quantity;
        s.sold += input.quantity;
        return Array.from({ length: input.quantity }, (_, i) => ({
          id: `goods-${i}`,
          productId: input.productId,
          name: s.name,
          image: s.image,
          type: 1,
        }));
      },
    },
    perks: noPerks,
    // No hot items here: the waiting room is tested in modules/queue.
    queue: { admit: () => Promise.reject(new Error('not a hot drop')) },
  };
  function add(kind: SaleKind, id: string, over: Partial<SaleInfo & { sold: number }> = {}) {
    supply.set(key(kind, id), {
      ...testSaleInfo({
        kind,
        id,
        name: kind === 'card' ? '火焰龍' : '收藏卡盒',
        image: '/media/x.svg',
        perUserLimit: 3,
        productType: kind === 'product' ? 1 : null,
      }),
      reserved: 0,
      sold: 0,
      ...over,
    });
    return supply.get(key(kind, id))!;
  }
  return { svc, books, add, minted, booked, sales };
}

function fakeProvider() {
  const checkouts: CheckoutInput[] = [];
  const paid = new Map<string, ProviderPayment>();
  const state = { down: false };
  const provider: StripeProvider = {
    name: 'stripe',
    methodLabel: '信用卡',
    localCheckout: () => null,
    async createCheckout(input) {
      if (state.down) throw new ProviderUnavailableError('down');
      checkouts.push(input);
      return { providerRef: `cs_${input.orderNo}`, payUrl: `https://pay.example/${input.orderNo}` };
    },
    async retrievePayment(ref) {
      if (state.down) throw new ProviderUnavailableError('down');
      return paid.get(ref) ?? null;
    },
    async refund() {
      throw new Error('not used: refunds are paid by the wallet');
    },
    verifyWebhook() {
      throw new Error('not used: applyWebhook is called with a verified event');
    },
  };
  return { provider, checkouts, paid, state };
}

const alice: Actor = { userId: 'u_alice', sessionId: 's_a', roles: ['user'] };
const bob: Actor = { userId: 'u_bob', sessionId: 's_b', roles: ['user'] };

describe('pay orders service (fakes)', () => {
  let clock: ManualClock;
  let db: ReturnType<typeof fakeDb>;
  let store: ReturnType<typeof fakeRepository>;
  let items: ReturnType<typeof fakeItems>;
  let pay: ReturnType<typeof fakeProvider>;
  let service: ReturnType<typeof createPayOrdersService>;
  let keys = 0;
  const key = () => `key-${keys++}`;
  const payment = (orderNo: string, amountCents: number): ProviderPayment => ({
    providerRef: `cs_${orderNo}`,
    orderNo,
    amountCents,
    currency: 'hkd',
    paymentRef: `pi_${orderNo}`,
  });

  beforeEach(() => {
    clock = new ManualClock(new Date('2026-11-22T04:00:00.000Z'));
    db = fakeDb();
    store = fakeRepository();
    items = fakeItems(clock);
    pay = fakeProvider();
    service = createPayOrdersService(
      { db, clock, log: memoryLog(), payments: pay.provider, config: { publicUrl: 'https://trove.test' } },
      { books: items.books, notifications: recordingNotifier().notifier },
      store.repo,
    );
    createMallService({ db }, { ...items.svc, payOrders: service });
  });

  describe('ordering', () => {
    it('reserves, stores the order and opens a checkout that returns to the order screen of its type', async () => {
      const card = items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 2 }, key());
      expect(o).toMatchObject({
        type: 'card',
        status: 'pending',
        itemId: 'ci_1',
        quantity: 2,
        unitPrice: 12_800,
        amount: 25_600,
        paymentMethod: '信用卡',
      });
      expect(o.orderNo).toMatch(/^TR261122\d{4}[A-Z]{4}$/);
      expect(o.payUrl).toBe(`https://pay.example/${o.orderNo}`);
      expect(new Date(o.expiresAt).getTime() - clock.now().getTime()).toBe(15 * MIN);
      expect(card.reserved).toBe(2);
      expect(pay.checkouts[0]!.successUrl).toBe(`https://trove.test/mall/info?orderNo=${o.orderNo}`);

      items.add('product', 'p_1');
      const p = await service.create(alice, { type: 'product', productId: 'p_1', quantity: 1 }, key());
      expect(pay.checkouts[1]!.successUrl).toBe(`https://trove.test/mall/goodsInfo?orderNo=${p.orderNo}`);
    });

    it('answers the same order for a repeated key and refuses the key with another body', async () => {
      const card = items.add('card', 'ci_1');
      const k = key();
      const first = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, k);
      const again = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, k);
      expect(again.orderNo).toBe(first.orderNo);
      expect(card.reserved).toBe(1);
      await expect(service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 2 }, k)).rejects.toMatchObject({
        kind: 'conflict',
        message: '此 Idempotency-Key 已用於另一張訂單，請重新提交',
      });
      // Keys are per buyer.
      expect((await service.create(bob, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, k)).orderNo).not.toBe(
        first.orderNo,
      );
    });

    it('refuses a sold-out or unreleased item before opening a transaction', async () => {
      items.add('card', 'gone', { total: 1, sold: 1 });
      items.add('card', 'later', { saleStartsAt: new Date('2026-11-22T06:30:00.000Z') });
      await expect(
        service.create(alice, { type: 'card', cardInfoId: 'gone', quantity: 1 }, key()),
      ).rejects.toMatchObject({ kind: 'conflict', message: '此卡牌已售罄' });
      await expect(
        service.create(alice, { type: 'card', cardInfoId: 'later', quantity: 1 }, key()),
      ).rejects.toMatchObject({ message: expect.stringMatching(/^此卡牌尚未開售，開售時間為 .*14:30/) });
      expect(db.transactions).toBe(0);
    });

    it('counts pending and paid orders against the per-user limit, and says what is left', async () => {
      const product = items.add('product', 'p_1', { perUserLimit: 2, total: 5 });
      await service.create(alice, { type: 'product', productId: 'p_1', quantity: 2 }, key());
      await expect(
        service.create(alice, { type: 'product', productId: 'p_1', quantity: 1 }, key()),
      ).rejects.toMatchObject({ message: '此商品每人限購 2 件，你已購買或有待付款訂單 2 件' });
      product.perUserLimit = 5;
      await expect(
        service.create(bob, { type: 'product', productId: 'p_1', quantity: 4 }, key()),
      ).rejects.toMatchObject({ message: '此商品只剩 3 件，請減少數量' });
      expect(product.reserved).toBe(2);
    });

    it('cancels the order and gives the reservation back when the provider cannot open a checkout', async () => {
      const card = items.add('card', 'ci_1');
      pay.state.down = true;
      await expect(
        service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key()),
      ).rejects.toMatchObject({ kind: 'unavailable' });
      expect(store.orders[0]).toMatchObject({ status: 'cancelled', note: '付款服務未能開啟付款頁面' });
      expect(card.reserved).toBe(0);
    });

    it("hides another buyer's order, expires an overdue one on sight and cancels only pending ones", async () => {
      const card = items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      await expect(service.info(bob, o.orderNo)).rejects.toMatchObject({ kind: 'not_found' });
      clock.advance(15 * MIN);
      expect((await service.info(alice, o.orderNo)).status).toBe('expired');
      expect(card.reserved).toBe(0);
      await expect(service.cancel(alice, o.orderNo)).rejects.toMatchObject({ message: '訂單已結束，不能取消' });

      const second = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      expect((await service.cancel(alice, second.orderNo)).status).toBe('cancelled');
      expect(card.reserved).toBe(0);
    });
  });

  describe('sold-out flags', () => {
    /** Lets a flag's holder load (not awaited by the refusal) finish. */
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    /** Counts every repository and catalogue call from now on: a refusal from memory makes none. */
    function countCalls() {
      const counter = { calls: 0 };
      const wrap = (o: Record<string, unknown>) => {
        for (const [name, fn] of Object.entries(o)) {
          if (typeof fn !== 'function') continue;
          o[name] = (...args: unknown[]) => {
            counter.calls++;
            return (fn as (...a: unknown[]) => unknown)(...args);
          };
        }
      };
      wrap(store.repo as unknown as Record<string, unknown>);
      const { soldOut: _flags, ...reads } = items.svc.catalogue;
      wrap(reads as Record<string, unknown>);
      Object.assign(items.svc.catalogue, reads);
      return counter;
    }
    const buyCard = (actor: Actor, id: string, k = key()) =>
      service.create(actor, { type: 'card', cardInfoId: id, quantity: 1 }, k);
    const carol: Actor = { userId: 'u_carol', sessionId: 's_c', roles: ['user'] };

    it('refuses from memory once a claim found no stock: no query, no transaction', async () => {
      items.add('card', 'ci_1', { total: 1 });
      await buyCard(alice, 'ci_1');
      await expect(buyCard(bob, 'ci_1')).rejects.toMatchObject({ kind: 'conflict', message: '此卡牌已售罄' });
      await settle();
      const counter = countCalls();
      const transactions = db.transactions;
      await expect(buyCard(carol, 'ci_1')).rejects.toMatchObject({ kind: 'conflict', message: '此卡牌已售罄' });
      await expect(
        service.create(bob, { type: 'product', productId: 'p_none', quantity: 1 }, key()),
      ).rejects.toMatchObject({ kind: 'not_found' });
      // The product attempt went to the (fake) database; the sold-out card attempt did not.
      expect(counter.calls).toBe(1);
      expect(db.transactions).toBe(transactions);
    });

    it('sets the flag when the reservation itself finds the last unit gone', async () => {
      const product = items.add('product', 'p_1', { total: 1 });
      // Another buyer takes the last unit between the availability read and the reservation.
      const claim = items.svc.catalogue.claim;
      items.svc.catalogue.claim = async (tx, item, q) => {
        product.sold = 1;
        return claim(tx, item, q);
      };
      await expect(
        service.create(alice, { type: 'product', productId: 'p_1', quantity: 1 }, key()),
      ).rejects.toMatchObject({ message: '此商品已售罄' });
      await settle();
      const counter = countCalls();
      await expect(
        service.create(bob, { type: 'product', productId: 'p_1', quantity: 1 }, key()),
      ).rejects.toMatchObject({ message: '此商品已售罄' });
      expect(counter.calls).toBe(0);
    });

    it('never refuses the retry of an order from memory: its Idempotency-Key gets the order back', async () => {
      items.add('card', 'ci_1', { total: 1 });
      const k = key();
      const mine = await buyCard(alice, 'ci_1', k);
      await expect(buyCard(bob, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
      await settle();
      expect((await buyCard(alice, 'ci_1', k)).orderNo).toBe(mine.orderNo);
      // A new attempt of the holder is judged by the database (sold out there too).
      await expect(buyCard(alice, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
    });

    it('is cleared by a cancel and by an expiry, once the stock is back', async () => {
      items.add('card', 'ci_1', { total: 1 });
      const first = await buyCard(alice, 'ci_1');
      await expect(buyCard(bob, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
      await settle();
      await service.cancel(alice, first.orderNo);
      const second = await buyCard(bob, 'ci_1');
      expect(second.status).toBe('pending');

      await expect(buyCard(carol, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
      await settle();
      clock.advance(15 * MIN);
      expect(await service.expireDue()).toBe(1);
      expect((await buyCard(carol, 'ci_1')).status).toBe('pending');
    });

    it('lasts a few seconds without news, then the database is asked again', async () => {
      items.add('card', 'ci_1', { total: 1 });
      await buyCard(alice, 'ci_1');
      await expect(buyCard(bob, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
      await settle();
      clock.advance(SOLD_OUT_FLAG_TTL_MS);
      const counter = countCalls();
      await expect(buyCard(carol, 'ci_1')).rejects.toMatchObject({ message: '此卡牌已售罄' });
      expect(counter.calls).toBeGreaterThan(0);
    });

    it('ignores a claim that found no stock when a release was announced meanwhile', async () => {
      const flags = items.svc.catalogue.soldOut;
      const item = { kind: 'card' as const, id: 'ci_1' };
      const since = flags.epoch();
      // The claim read "none left", then a release committed and was announced, then the claim marks.
      flags.clear(item);
      await flags.mark(item, since, async () => []);
      expect(flags.refuses(item, 'k_new')).toBe(false);
      // Flagged now, except for the retry of an order of the item (its Idempotency-Key).
      await flags.mark(item, flags.epoch(), async () => ['k_alice']);
      expect(flags.refuses(item, 'k_new')).toBe(true);
      expect(flags.refuses(item, 'k_alice')).toBe(false);
    });
  });

  describe('settlement', () => {
    it('settles a paid order exactly once, however often and however the payment is reported', async () => {
      const card = items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 2 }, key());
      const event = {
        eventId: 'evt_1',
        eventType: 'checkout.session.completed',
        payment: payment(o.orderNo, o.amount),
      };
      expect(await service.applyWebhook('stripe', event)).toBe('settled');
      expect(await service.applyWebhook('stripe', event)).toBe('duplicate');
      expect(await service.applyWebhook('stripe', { ...event, eventId: 'evt_2' })).toBe('already_paid');
      pay.paid.set(`cs_${o.orderNo}`, payment(o.orderNo, o.amount));
      const checked = await service.payCheck(alice, o.orderNo);
      expect(checked.status).toBe('paid');
      expect(checked.cards.map((c) => c.serialText)).toEqual(['#0001/10', '#0002/10']);
      expect(items.minted).toEqual([{ cardInfoId: 'ci_1', ownerId: alice.userId, quantity: 2 }]);
      expect(card).toMatchObject({ reserved: 0, sold: 2 });
      expect([...store.events.values()].map((e) => e.outcome)).toEqual(['settled', 'already_paid']);
      expect(items.booked).toEqual([`payment_received:${o.orderNo}:${o.amount}`, `mall_sale:${o.orderNo}:${o.amount}`]);
      // The card workflow wrote its one sale record: the platform sold two units, each costing half the price.
      expect(items.sales).toMatchObject([
        { way: 'drop', sellerId: null, price: o.amount, orderNo: o.orderNo, costRule: 'paid', units: [{}, {}] },
      ]);
    });

    it('owes a second capture at the same checkout back, once, and books a replay of the first nothing', async () => {
      items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      const first = payment(o.orderNo, o.amount);
      expect(await service.applyWebhook('stripe', { eventId: 'e1', eventType: 'x', payment: first })).toBe('settled');
      const second = { ...first, paymentRef: 'pi_second' };
      expect(await service.applyWebhook('stripe', { eventId: 'e2', eventType: 'x', payment: second })).toBe(
        'refund_due',
      );
      expect(await service.applyWebhook('stripe', { eventId: 'e3', eventType: 'x', payment: second })).toBe(
        'already_refund_due',
      );
      expect(await service.applyWebhook('stripe', { eventId: 'e4', eventType: 'x', payment: first })).toBe(
        'already_paid',
      );
      expect(items.booked).toEqual([
        `payment_received:${o.orderNo}:${o.amount}`,
        `mall_sale:${o.orderNo}:${o.amount}`,
        `duplicate:${o.orderNo}:stripe:pi_second`,
      ]);
      expect(items.minted).toHaveLength(1);
    });

    it('delivers nothing for a wrong amount or another provider', async () => {
      items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      expect(
        await service.applyWebhook('stripe', {
          eventId: 'e1',
          eventType: 'x',
          payment: payment(o.orderNo, o.amount - 1),
        }),
      ).toBe('amount_mismatch');
      expect(
        await service.applyWebhook('sandbox', { eventId: 'e2', eventType: 'x', payment: payment(o.orderNo, o.amount) }),
      ).toBe('other_provider');
      expect(await service.applyWebhook('stripe', { eventId: 'e3', eventType: 'x', payment: null })).toBe('ignored');
      expect(
        await service.applyWebhook('stripe', { eventId: 'e4', eventType: 'x', payment: payment('TR000000000000', 1) }),
      ).toBe('unknown_order');
      expect(items.minted).toEqual([]);
      expect(store.orders[0]!.status).toBe('pending');
    });

    it('marks a payment that arrives after the deadline for refund and gives the reservation back', async () => {
      const card = items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      clock.advance(15 * MIN);
      expect(
        await service.applyWebhook('stripe', {
          eventId: 'late',
          eventType: 'x',
          payment: payment(o.orderNo, o.amount),
        }),
      ).toBe('refunded_late');
      expect(store.orders[0]).toMatchObject({ status: 'refunded', providerPaymentRef: `pi_${o.orderNo}` });
      expect(store.orders[0]!.note).toContain('退回');
      expect(card).toMatchObject({ reserved: 0, sold: 0 });
      expect(items.minted).toEqual([]);
      // The money came in and is owed back: booked once however often it is reported.
      expect(
        await service.applyWebhook('stripe', {
          eventId: 'late-2',
          eventType: 'x',
          payment: payment(o.orderNo, o.amount),
        }),
      ).toBe('already_refunded');
      expect(items.booked).toEqual([`late:${o.orderNo}:stripe:pi_${o.orderNo}`]);
    });

    it('leaves the order pending when the provider cannot be asked', async () => {
      items.add('card', 'ci_1');
      const o = await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      pay.paid.set(`cs_${o.orderNo}`, payment(o.orderNo, o.amount));
      pay.state.down = true;
      expect((await service.payCheck(alice, o.orderNo)).status).toBe('pending');
      expect(items.minted).toEqual([]);
    });

    it('expires only overdue orders in the sweep and releases each once', async () => {
      const card = items.add('card', 'ci_1');
      await service.create(alice, { type: 'card', cardInfoId: 'ci_1', quantity: 1 }, key());
      clock.advance(10 * MIN);
      await service.create(bob, { type: 'card', cardInfoId: 'ci_1', quantity: 2 }, key());
      clock.advance(5 * MIN);
      expect(await service.expireDue()).toBe(1);
      expect(await service.expireDue()).toBe(0);
      expect(card.reserved).toBe(2);
      expect(store.orders.map((o) => o.status)).toEqual(['expired', 'pending']);
    });

    it('settles a registered order type through its own handler', async () => {
      const delivered: string[] = [];
      service.registerOrderType('market', {
        itemId: () => 'unused',
        availability: async () => ({ refusal: () => null }),
        reserve: async () => ({ listingId: 'l_1', itemName: '寄售卡', itemImage: '', unitPriceCents: 500 }),
        release: async () => true,
        fulfil: async (_tx, order) => {
          delivered.push(order.listingId!);
          return {};
        },
      });
      expect(() => service.registerOrderType('market', {} as never)).toThrow('already has a handler');
      const now = clock.now();
      await store.repo.insert(db, {
        id: 'pord_m',
        orderNo: 'TR261122MARKET',
        type: 'market',
        buyerId: alice.userId,
        listingId: 'l_1',
        itemName: '寄售卡',
        quantity: 1,
        unitPriceCents: 500,
        amountCents: 500,
        provider: 'stripe',
        providerRef: 'cs_TR261122MARKET',
        idempotencyKey: 'k',
        requestHash: 'h',
        expiresAt: new Date(now.getTime() + 15 * MIN),
        createdAt: now,
        updatedAt: now,
      });
      expect(
        await service.applyWebhook('stripe', {
          eventId: 'm1',
          eventType: 'x',
          payment: payment('TR261122MARKET', 500),
        }),
      ).toBe('settled');
      expect(delivered).toEqual(['l_1']);
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  marketFee,
  type CreateListingResult,
  type Listing,
  type MarketDetail,
  type MarketOrder,
  type MarketRow,
} from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminWithdrawal, LedgerEntry, Wallet, Withdrawal } from '../../../shared/schemas/wallet';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { cards, payOrders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { createProduct } from '../pay-orders/pay-orders.fixtures';
import { freshHkid, freshKey, giveCard, trader, verify } from './market.fixtures';

const HOUR = 3600_000;
const ADMIN_PHONE = '+85291230001';
type User = { userId: string; token: string; phone: string };

describe('market API', () => {
  let t: TestApp;
  let themeSeq = 0;

  const cardInfo = async (name = '火焰龍') => {
    const id = `mt${themeSeq++}`;
    await addTheme(t, id, [{ id: `${id}_c1`, name, rarity: 'SSR' }]);
    return `${id}_c1`;
  };
  const post = <T>(path: string, u: User | null, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u?.token, body, headers });
  const get = <T>(path: string, u: User | null, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u?.token, query });
  const sell = (u: User, itemId: string, price: number, kind = 'card') =>
    post<CreateListingResult>('market/create', u, { sell_type: 0, kind, itemId, price });
  const buy = (u: User, listingId: string) =>
    post<PayOrder>('payOrder/create', u, { type: 'market', listingId }, { 'Idempotency-Key': freshKey() });
  const confirmSandbox = async (orderNo: string) =>
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
  const wallet = async (u: User) => (await get<Wallet>('payment/info', u)).data;
  const cardRow = async (id: string) => (await t.db.select().from(cards).where(eq(cards.id, id)))[0]!;
  const books = async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
    return audit;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
  });
  afterAll(() => t.close());

  describe('sell listings and market orders', () => {
    let seller: User;
    let buyer: User;
    let ci: string;

    beforeAll(async () => {
      seller = await trader(t);
      buyer = await trader(t);
      ci = await cardInfo();
    });

    it('lets only verified sellers with a payout account list their own held cards, within the price bounds', async () => {
      const card = await giveCard(t, seller.userId, ci);
      const plain = await signIn(t);
      const plainCard = await giveCard(t, plain.userId, ci);
      expect(await sell(plain, plainCard, 10_000)).toMatchObject({
        status: 409,
        msg: '請先完成實名認證，才可以在市場交易',
      });
      await verify(t, plain);
      expect(await sell(plain, plainCard, 10_000)).toMatchObject({ status: 409, msg: '請先設定收款帳戶，才可以出售' });
      expect((await sell(buyer, card, 10_000)).status).toBe(404);
      expect((await sell(seller, card, 99)).status).toBe(400);
      expect((await sell(seller, card, 100_000_001)).status).toBe(400);
      expect((await sell(seller, card, 100.5)).status).toBe(400);
      expect(
        (await post('market/create', null, { sell_type: 0, kind: 'card', itemId: card, price: 1000 })).status,
      ).toBe(403);
      const res = await sell(seller, card, 10_000);
      expect(res).toMatchObject({
        status: 200,
        data: {
          listing: {
            sell_type: 0,
            status: 'active',
            price: 10_000,
            fee: 500,
            proceeds: 9_500,
            itemId: card,
            mine: true,
          },
          orderNo: null,
        },
      });
      expect((await cardRow(card)).status).toBe('listed');
      expect(await sell(seller, card, 12_000)).toMatchObject({ status: 409, msg: '此物品已在寄售中' });
      // A listed card cannot be consumed by a set exchange.
      await expect(
        t.db.transaction((tx) =>
          t.app.services.cards.consume(tx, {
            ownerId: seller.userId,
            cardIds: [card],
            via: 'set_exchange',
            refId: 'x',
          }),
        ),
      ).rejects.toThrow();
      expect((await post('market/cancel', buyer, { id: res.data.listing.id })).status).toBe(404);
      expect(await post<Listing>('market/cancel', seller, { id: res.data.listing.id })).toMatchObject({
        status: 200,
        data: { status: 'cancelled' },
      });
      expect((await cardRow(card)).status).toBe('held');
      expect((await post('market/cancel', seller, { id: res.data.listing.id })).status).toBe(409);
    });

    it('reserves a listing for one buyer, gives it back on cancelOrder, and settles a paid order in one go', async () => {
      const card = await giveCard(t, seller.userId, ci);
      const listing = (await sell(seller, card, 10_000)).data.listing;
      const before = await wallet(seller);
      expect(await buy(seller, listing.id)).toMatchObject({ status: 409, msg: '不能購買自己的掛單' });
      const unverified = await signIn(t);
      expect((await buy(unverified, listing.id)).status).toBe(409);
      expect((await buy(buyer, 'lst_nope')).status).toBe(404);
      const order = await buy(buyer, listing.id);
      expect(order).toMatchObject({
        status: 200,
        data: { type: 'market', status: 'pending', amount: 10_000, itemId: listing.id },
      });
      expect((await get<MarketDetail>('market/detail', null, { id: listing.id })).data.listing!.status).toBe(
        'reserved',
      );
      const second = await trader(t);
      expect(await buy(second, listing.id)).toMatchObject({ status: 409, msg: '此掛單正由其他買家付款中，請稍後再試' });
      expect(await post('market/cancel', seller, { id: listing.id })).toMatchObject({
        status: 409,
        msg: '買家正在付款，暫時不能取消此掛單',
      });
      expect((await post('market/cancelOrder', second, { orderNo: order.data.orderNo })).status).toBe(404);
      expect((await post<PayOrder>('market/cancelOrder', buyer, { orderNo: order.data.orderNo })).data.status).toBe(
        'cancelled',
      );
      expect((await cardRow(card)).status).toBe('listed');

      const paid = await buy(second, listing.id);
      await confirmSandbox(paid.data.orderNo);
      const info = await get<PayOrder>('payOrder/payCheck', second, { orderNo: paid.data.orderNo });
      expect(info.data).toMatchObject({ status: 'paid', cards: [{ id: card }] });
      expect(await cardRow(card)).toMatchObject({ ownerId: second.userId, status: 'held', acquiredVia: 'market' });
      const after = await wallet(seller);
      expect(after.balance - before.balance).toBe(10_000 - marketFee(10_000).fee);
      const history = (await get<LedgerEntry[]>('payment/history', seller)).data;
      expect(
        history
          .slice(0, 2)
          .map((e) => [e.kind, e.amount])
          .sort(),
      ).toEqual([
        ['fee', -500],
        ['sale', 10_000],
      ]);
      const asSeller = (await get<MarketOrder[]>('market/orderList', seller, { role: 'seller' })).data;
      expect(asSeller.find((o) => o.orderNo === paid.data.orderNo)).toMatchObject({
        role: 'seller',
        status: 'completed',
        price: 10_000,
        fee: 500,
        proceeds: 9_500,
        counterparty: { id: second.userId },
      });
      const asBuyer = (await get<MarketOrder[]>('market/orderList', buyer, { role: 'buyer' })).data;
      expect(asBuyer.find((o) => o.orderNo === order.data.orderNo)).toMatchObject({
        status: 'cancelled',
        role: 'buyer',
      });
      expect((await get<MarketOrder[]>('card/marketBuyList', second)).data.map((o) => o.itemId)).toEqual([card]);
      expect((await get<MarketOrder[]>('goods/marketBuyList', second)).data).toEqual([]);
      // The card's provenance records the sale with its price.
      const detail = await get<{ provenance: { via: string; priceCents: number | null }[] }>('card/detail', second, {
        id: card,
      });
      expect(detail.data.provenance.at(-1)).toMatchObject({ via: 'market', priceCents: 10_000 });
      // 24-hour cooldown before the buyer may relist.
      expect((await get<unknown[]>('market/canConsignList', second)).data).toEqual([]);
      const early = await sell(second, card, 20_000);
      expect(early.status).toBe(409);
      expect(early.msg).toContain('24 小時');
      t.clock.advance(24 * HOUR);
      expect((await get<unknown[]>('market/canConsignList', second)).data).toHaveLength(1);
      expect((await sell(second, card, 20_000)).status).toBe(200);
      await books();
    });

    it('gives an unpaid order back when it expires', async () => {
      const card = await giveCard(t, seller.userId, ci);
      const listing = (await sell(seller, card, 5_000)).data.listing;
      const order = await buy(buyer, listing.id);
      t.clock.advance(16 * 60_000);
      expect(await t.app.services.payOrders.expireDue()).toBeGreaterThanOrEqual(1);
      expect((await get<PayOrder>('payOrder/info', buyer, { orderNo: order.data.orderNo })).data.status).toBe(
        'expired',
      );
      expect((await get<MarketDetail>('market/detail', null, { id: listing.id })).data.listing!.status).toBe('active');
      expect((await cardRow(card)).status).toBe('listed');
    });

    it('pays from the wallet balance at once, and refuses when the balance is short', async () => {
      const card = await giveCard(t, buyer.userId, ci);
      const listing = (await sell(buyer, card, 100_000)).data.listing;
      const poor = await trader(t);
      const order = await buy(poor, listing.id);
      expect(await post('payOrder/payWithBalance', poor, { orderNo: order.data.orderNo })).toMatchObject({
        status: 409,
        msg: '錢包餘額不足',
      });
      expect((await post('payOrder/payWithBalance', buyer, { orderNo: order.data.orderNo })).status).toBe(404);
      await post('payOrder/cancel', poor, { orderNo: order.data.orderNo });
      // The seller has earned enough above to buy this one from the balance.
      const rich = seller;
      const { balance } = await wallet(rich);
      const small = await giveCard(t, buyer.userId, ci);
      const cheap = (await sell(buyer, small, 1_000)).data.listing;
      const o = await buy(rich, cheap.id);
      const paid = await post<PayOrder>('payOrder/payWithBalance', rich, { orderNo: o.data.orderNo });
      expect(paid.data).toMatchObject({ status: 'paid', provider: 'balance', paymentMethod: '錢包餘額' });
      expect((await wallet(rich)).balance).toBe(balance - 1_000);
      expect((await cardRow(small)).ownerId).toBe(rich.userId);
      expect((await get<PayOrder>('payOrder/methods', rich)).data).toContainEqual({
        provider: 'balance',
        label: '錢包餘額',
      });
      await books();
    });

    it('returns a checkout payment to the wallet when the order was already paid from the balance: charged once', async () => {
      const sandbox = t.app.deps.payments as SandboxProvider;
      const rich = seller;
      const card = await giveCard(t, buyer.userId, ci);
      const listing = (await sell(buyer, card, 1_500)).data.listing;
      const o = (await buy(rich, listing.id)).data;
      const row = (await t.db.select().from(payOrders).where(eq(payOrders.orderNo, o.orderNo)))[0]!;
      const before = (await wallet(rich)).balance;
      // The buyer pays at the checkout (its webhook still on the way) and from the wallet.
      const { body, headers } = await sandbox.pay({
        checkoutId: row.providerRef!,
        orderNo: o.orderNo,
        amountCents: row.amountCents,
      });
      expect((await post<PayOrder>('payOrder/payWithBalance', rich, { orderNo: o.orderNo })).data.status).toBe('paid');
      expect((await wallet(rich)).balance).toBe(before - 1_500);
      const deliver = () =>
        t.app.inject({ method: 'POST', url: '/api/payment/webhook/sandbox', headers, payload: body });
      expect((await deliver()).json().data.outcome).toBe('returned_to_balance');
      // The checkout's money is back in the wallet: in total the buyer paid once.
      expect((await wallet(rich)).balance).toBe(before);
      const history = (await get<LedgerEntry[]>('payment/history', rich, { page: '1', pageSize: '50' })).data;
      expect(history.filter((e) => e.kind === 'payment_returned')).toEqual([
        expect.objectContaining({ amount: 1_500, refId: `sandbox:${row.providerRef}` }),
      ]);
      // A replayed event and payCheck asking the provider credit nothing more.
      expect((await deliver()).json().data.outcome).toBe('duplicate');
      expect((await get<PayOrder>('payOrder/payCheck', rich, { orderNo: o.orderNo })).data.status).toBe('paid');
      expect((await wallet(rich)).balance).toBe(before);
      expect((await cardRow(card)).ownerId).toBe(rich.userId);
      await books();
    });

    it('answers the public market views: rows with floor and last sale, filters, detail with sales', async () => {
      const name = '冰霜鳳凰';
      const ci2 = await cardInfo(name);
      const a = await giveCard(t, seller.userId, ci2);
      const b = await giveCard(t, seller.userId, ci2);
      await sell(seller, a, 3_000);
      await sell(seller, b, 2_000);
      const rows = (await get<MarketRow[]>('cardInfo/marketList', null, { sell_type: '0', keyword: '冰霜' })).data;
      expect(rows).toEqual([
        expect.objectContaining({ id: ci2, name, bestPrice: 2_000, count: 2, floorPrice: 2_000, lastSale: null }),
      ]);
      const list = (await get<Listing[]>('market/list', null, { cardInfoId: ci2, sort: 'price_asc' })).data;
      expect(list.map((l) => l.price)).toEqual([2_000, 3_000]);
      expect((await get<Listing[]>('market/list', null, { cardInfoId: ci2, minPrice: '2500' })).data).toHaveLength(1);
      expect((await get('market/list', null, { sort: 'cheap' })).status).toBe(400);
      const o = await buy(buyer, list[0]!.id);
      await confirmSandbox(o.data.orderNo);
      const detail = (await get<MarketDetail>('market/detail', null, { cardInfoId: ci2 })).data;
      expect(detail).toMatchObject({
        listing: null,
        floorPrice: 3_000,
        lastSale: { price: 2_000 },
        item: { id: ci2, name },
      });
      expect(detail.sales).toHaveLength(1);
      expect(detail.listings.map((l) => l.price)).toEqual([3_000]);
      expect((await get('market/detail', null, { id: 'lst_nope' })).status).toBe(404);
      expect((await get('market/detail', null, {})).status).toBe(400);
      const store = (await get<Listing[]>('market/userList', null, { id: seller.userId })).data;
      expect(store.every((l) => l.user.id === seller.userId && l.status === 'active')).toBe(true);
      expect((await get<{ verified: boolean }>('market/userInfo', null, { id: seller.userId })).data.verified).toBe(
        true,
      );
      expect((await get('market/userInfo', null, { id: 'usr_nope' })).status).toBe(404);
      expect((await get<Listing[]>('market/myList', seller, { sell_type: '0' })).data.length).toBeGreaterThan(2);
      expect((await get('market/myList', null)).status).toBe(403);
    });

    it('lists goods as well', async () => {
      const productId = await createProduct(t.db, { stock: 5, perUserLimit: 5 });
      const [unit] = await t.db.transaction((tx) =>
        t.app.services.goods.create(tx, { productId, ownerId: seller.userId, quantity: 1, refId: 'test' }),
      );
      const res = await sell(seller, unit!.id, 4_000, 'goods');
      expect(res.data.listing).toMatchObject({ kind: 'goods', productId, itemId: unit!.id });
      const rows = (await get<MarketRow[]>('product/marketList', null, { type: '1' })).data;
      expect(rows.find((r) => r.id === productId)).toMatchObject({
        kind: 'goods',
        bestPrice: 4_000,
        count: 1,
        type: 1,
      });
    });
  });

  describe('buy listings', () => {
    it('funds a bid into escrow, lets a holder fill it at once, and refunds cancelled bids to the balance', async () => {
      const bidder = await trader(t);
      const holder = await trader(t);
      const ci = await cardInfo('雷電麒麟');
      const other = await cardInfo('別的卡');
      const body = { sell_type: 1, kind: 'card', cardInfoId: ci, price: 8_000 };
      expect((await post('market/create', bidder, body)).status).toBe(400);
      const key = freshKey();
      const created = await post<CreateListingResult>('market/create', bidder, body, { 'Idempotency-Key': key });
      expect(created.data.listing).toMatchObject({
        sell_type: 1,
        status: 'pending_payment',
        price: 8_000,
        cardInfoId: ci,
      });
      expect(created.data.orderNo).toMatch(/^TR/);
      expect(
        (await post<CreateListingResult>('market/create', bidder, body, { 'Idempotency-Key': key })).data.listing.id,
      ).toBe(created.data.listing.id);
      const id = created.data.listing.id;
      const wrong = await giveCard(t, holder.userId, other);
      expect(await post('market/confirmOrder', holder, { listingId: id, itemId: wrong })).toMatchObject({
        status: 409,
        msg: '此求購已成交或已結束',
      });
      await confirmSandbox(created.data.orderNo!);
      await get('payOrder/payCheck', bidder, { orderNo: created.data.orderNo! });
      expect((await wallet(bidder)).escrow).toBe(8_000);
      expect(
        (await get<MarketRow[]>('cardInfo/marketList', null, { sell_type: '1' })).data.find((r) => r.id === ci),
      ).toMatchObject({ bestPrice: 8_000, count: 1 });
      expect(await post('market/confirmOrder', holder, { listingId: id, itemId: wrong })).toMatchObject({
        status: 409,
        msg: '此卡牌與求購的卡牌不符',
      });
      const right = await giveCard(t, holder.userId, ci);
      expect((await post('market/confirmOrder', bidder, { listingId: id, itemId: right })).status).toBe(404);
      expect((await post('market/confirmOrder', holder, { listingId: 'lst_nope', itemId: right })).status).toBe(404);
      const filled = await post<MarketOrder>('market/confirmOrder', holder, { listingId: id, itemId: right });
      expect(filled).toMatchObject({
        status: 200,
        data: { role: 'seller', status: 'completed', price: 8_000, fee: 400, proceeds: 7_600, sell_type: 1 },
      });
      expect(await cardRow(right)).toMatchObject({ ownerId: bidder.userId, status: 'held' });
      expect(await wallet(bidder)).toMatchObject({ escrow: 0 });
      expect((await wallet(holder)).balance).toBe(7_600);
      expect((await get<MarketOrder[]>('market/orderList', bidder, { role: 'buyer' })).data[0]).toMatchObject({
        sell_type: 1,
        itemId: right,
        status: 'completed',
      });
      expect((await post('market/confirmOrder', holder, { listingId: id, itemId: wrong })).status).toBe(409);

      // Cancelling an active bid refunds the escrow to the balance; an unpaid one cancels its order.
      const second = await post<CreateListingResult>(
        'market/create',
        bidder,
        { ...body, price: 5_000 },
        { 'Idempotency-Key': freshKey() },
      );
      await confirmSandbox(second.data.orderNo!);
      await get('payOrder/payCheck', bidder, { orderNo: second.data.orderNo! });
      const before = await wallet(bidder);
      expect((await post<Listing>('market/cancel', bidder, { id: second.data.listing.id })).data.status).toBe(
        'cancelled',
      );
      expect(await wallet(bidder)).toMatchObject({ escrow: before.escrow - 5_000, balance: before.balance + 5_000 });
      const unpaid = await post<CreateListingResult>(
        'market/create',
        bidder,
        { ...body, price: 5_000 },
        { 'Idempotency-Key': freshKey() },
      );
      expect((await post<Listing>('market/cancel', bidder, { id: unpaid.data.listing.id })).data.status).toBe(
        'cancelled',
      );
      expect((await get<PayOrder>('payOrder/info', bidder, { orderNo: unpaid.data.orderNo! })).data.status).toBe(
        'cancelled',
      );

      // Expiry after 7 days refunds too.
      const third = await post<CreateListingResult>(
        'market/create',
        bidder,
        { ...body, price: 6_000 },
        { 'Idempotency-Key': freshKey() },
      );
      await confirmSandbox(third.data.orderNo!);
      await get('payOrder/payCheck', bidder, { orderNo: third.data.orderNo! });
      const mid = await wallet(bidder);
      t.clock.advance(7 * 24 * HOUR + 1);
      await t.app.services.market.expireDue();
      expect(
        (await get<Listing[]>('market/myList', bidder, { sell_type: '1', status: 'expired' })).data.map((l) => l.id),
      ).toContain(third.data.listing.id);
      expect(await wallet(bidder)).toMatchObject({ escrow: mid.escrow - 6_000, balance: mid.balance + 6_000 });
      await books();
    });

    it('expires sell listings after 30 days and the item is held again', async () => {
      const s = await trader(t);
      const ci = await cardInfo();
      const card = await giveCard(t, s.userId, ci);
      const l = (await sell(s, card, 1_000)).data.listing;
      t.clock.advance(30 * 24 * HOUR + 1);
      await t.app.services.market.expireDue();
      // Sessions idle for 30 days have ended: sign in again.
      const again = { ...s, token: (await t.app.services.auth.startSession(s.userId)).token };
      expect((await get<Listing[]>('market/myList', again, { status: 'expired' })).data.map((x) => x.id)).toEqual([
        l.id,
      ]);
      expect((await cardRow(card)).status).toBe('held');
    });
  });

  describe('market rows', () => {
    it('answers market rows from the maintained summaries: counts follow every change, expired listings drop out before the job runs, price ranges count only what is in range', async () => {
      const [seller, buyer] = [await trader(t), await trader(t)];
      const ci3 = await cardInfo('雷霆獨角獸');
      const rows = async (q: Record<string, string> = {}) =>
        (await get<MarketRow[]>('cardInfo/marketList', null, { sell_type: '0', keyword: '雷霆獨角獸', ...q })).data;
      const [a, b, c] = [
        await giveCard(t, seller.userId, ci3),
        await giveCard(t, seller.userId, ci3),
        await giveCard(t, seller.userId, ci3),
      ];
      const la = (await sell(seller, a, 4_000)).data.listing;
      await sell(seller, b, 5_000);
      expect(await rows()).toEqual([
        expect.objectContaining({ id: ci3, bestPrice: 4_000, count: 2, floorPrice: 4_000 }),
      ]);
      expect((await post('market/cancel', seller, { id: la.id })).status).toBe(200);
      expect(await rows()).toEqual([expect.objectContaining({ bestPrice: 5_000, count: 1 })]);
      const o = await buy(buyer, (await sell(seller, c, 6_000)).data.listing.id);
      // Reserved for a buyer: not open, not counted; given back when the order is cancelled.
      expect(await rows()).toEqual([expect.objectContaining({ bestPrice: 5_000, count: 1 })]);
      expect((await post('market/cancelOrder', buyer, { orderNo: o.data.orderNo })).status).toBe(200);
      expect(await rows()).toEqual([expect.objectContaining({ bestPrice: 5_000, count: 2 })]);
      expect(await rows({ minPrice: '5500' })).toEqual([expect.objectContaining({ bestPrice: 6_000, count: 1 })]);
      expect(await rows({ maxPrice: '4000' })).toEqual([]);
      // A buy listing for the same card info shows on the other side only, with the floor of the asks.
      const bidder = await trader(t);
      const bid = await post<CreateListingResult>(
        'market/create',
        bidder,
        { sell_type: 1, kind: 'card', cardInfoId: ci3, price: 3_000 },
        { 'Idempotency-Key': freshKey() },
      );
      expect(await rows({ sell_type: '1' })).toEqual([]);
      await confirmSandbox(bid.data.orderNo!);
      expect(await rows({ sell_type: '1' })).toEqual([
        expect.objectContaining({ id: ci3, bestPrice: 3_000, count: 1, floorPrice: 5_000 }),
      ]);
      // Past their expiry the listings are gone from the rows at once, before the expiry job closes them.
      t.clock.advance(8 * 24 * HOUR);
      expect(await rows({ sell_type: '1' })).toEqual([]);
      expect(await rows()).toEqual([expect.objectContaining({ bestPrice: 5_000, count: 2 })]);
      t.clock.advance(23 * 24 * HOUR);
      expect(await rows()).toEqual([]);
      await t.app.services.market.expireDue();
      expect(await rows()).toEqual([]);
    });
  });

  describe('market answers from the public cache', () => {
    it('serves one cached page to everyone with `mine` set per viewer, and a new listing, a sale or a profile change shows at once', async () => {
      const [seller, other] = [await trader(t), await trader(t)];
      const ci4 = await cardInfo('星塵鯨');
      const page = async (u: User | null) =>
        (await get<Listing[]>('market/list', u, { cardInfoId: ci4, sort: 'price_asc' })).data;
      const first = (await sell(seller, await giveCard(t, seller.userId, ci4), 7_000)).data.listing;
      expect((await page(null)).map((l) => [l.id, l.mine])).toEqual([[first.id, false]]);
      expect((await page(seller)).map((l) => [l.id, l.mine])).toEqual([[first.id, true]]);
      expect((await page(other)).map((l) => [l.id, l.mine])).toEqual([[first.id, false]]);
      const second = (await sell(seller, await giveCard(t, seller.userId, ci4), 6_000)).data.listing;
      expect((await page(other)).map((l) => l.id)).toEqual([second.id, first.id]);
      expect((await post('user/updateInfo', seller, { nickname: '鯨魚商店' })).status).toBe(200);
      expect((await page(null)).map((l) => l.user.nickname)).toEqual(['鯨魚商店', '鯨魚商店']);
      const o = await buy(other, second.id);
      expect((await page(null)).map((l) => l.id)).toEqual([first.id]);
      await confirmSandbox(o.data.orderNo);
      const rows = async () =>
        (await get<MarketRow[]>('cardInfo/marketList', null, { sell_type: '0', keyword: '星塵鯨' })).data;
      expect(await rows()).toEqual([
        expect.objectContaining({ id: ci4, count: 1, lastSale: expect.objectContaining({ price: 6_000 }) }),
      ]);
    });
  });

  describe('withdrawals', () => {
    it('moves funds to payout clearing after the SMS check; operators pay or reject; rejected returns the funds', async () => {
      const s = await trader(t);
      const bidder = await trader(t);
      const ci = await cardInfo();
      const card = await giveCard(t, s.userId, ci);
      const l = (await sell(s, card, 50_000)).data.listing;
      await confirmSandbox((await buy(bidder, l.id)).data.orderNo);
      const balance = (await wallet(s)).balance;
      expect(balance).toBe(47_500);
      expect((await post('payment/withdraw', s, { amount: 9_999, code: '123456' })).status).toBe(400);
      expect((await post('payment/withdraw', s, { amount: 10_000, code: '123456' })).status).toBe(400);
      // The SMS code is checked before the balance (decision 025): no code was sent yet.
      expect(await post('payment/withdraw', s, { amount: 100_000, code: '123456' })).toMatchObject({ status: 400 });
      const code = async () => {
        t.clock.advance(61_000);
        await post('sms/authSend', s, { purpose: 'withdraw' });
        return t.sms.lastCode(s.phone);
      };
      const w1 = await post<Withdrawal>('payment/withdraw', s, { amount: 20_000, code: await code() });
      expect(w1).toMatchObject({
        status: 200,
        data: { status: 'pending', amount: 20_000, accountNoMasked: '****6789' },
      });
      const w2 = await post<Withdrawal>('payment/withdraw', s, { amount: 10_000, code: await code() });
      expect(await wallet(s)).toMatchObject({ balance: 17_500, pendingWithdrawal: 30_000 });
      expect((await get<Withdrawal[]>('payment/withdrawals', s)).data).toHaveLength(2);

      // Operators only: a signed-in non-operator gets 404, nobody signed in 403.
      expect((await get('admin/withdrawals', s)).status).toBe(404);
      expect((await post('admin/withdrawals/pay', s, { id: w1.data.id, reference: 'FPS123' })).status).toBe(404);
      expect((await get('admin/withdrawals', null)).status).toBe(403);
      const admin = await t.app.services.auth.startSession((await t.app.services.auth.ensureUser(ADMIN_PHONE)).id);
      const op = { userId: admin.user.id, token: admin.token, phone: ADMIN_PHONE };
      expect(admin.authority).toContain('admin');
      const queue = (await get<AdminWithdrawal[]>('admin/withdrawals', op, { status: 'pending' })).data;
      expect(queue.find((w) => w.id === w1.data.id)).toMatchObject({ accountNo: '004123456789', userId: s.userId });
      expect(
        (await post<AdminWithdrawal>('admin/withdrawals/pay', op, { id: w1.data.id, reference: 'FPS123' })).data,
      ).toMatchObject({ status: 'paid', reference: 'FPS123' });
      expect((await post('admin/withdrawals/pay', op, { id: w1.data.id, reference: 'FPS123' })).status).toBe(409);
      expect((await post('admin/withdrawals/reject', op, { id: 'wdr_nope', reason: '帳戶錯誤' })).status).toBe(404);
      expect(
        (await post<AdminWithdrawal>('admin/withdrawals/reject', op, { id: w2.data.id, reason: '帳戶名稱不符' })).data
          .status,
      ).toBe('rejected');
      expect(await wallet(s)).toMatchObject({ balance: 27_500, pendingWithdrawal: 0 });
      const audit = await books();
      const acct = (id: string) => audit.accounts.find((a) => a.id === id)?.summed ?? 0;
      expect(acct('payout:paid')).toBeGreaterThanOrEqual(20_000);
    });
  });

  it('keeps the books: every posting nets to zero, money in = money out + fees + balances', async () => {
    const audit = await books();
    const total = audit.accounts.reduce((s, a) => s + a.summed, 0);
    expect(total).toBe(0);
    expect(freshHkid()).toMatch(/^Z\d{6}\(\w\)$/);
  });
});

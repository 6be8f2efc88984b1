import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult, MarketOrder } from '../../../shared/schemas/market';
import type { DeskListing, MarketOrderDetail } from '../../../shared/schemas/market-desk';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { Wallet } from '../../../shared/schemas/wallet';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

type User = { userId: string; token: string };

describe('the trader desk API: market/mine, market/editPrice, market/orderDetail', () => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cardInfo = async () => {
    const id = `dk${seq++}`;
    await addTheme(t, id, [{ id: `${id}_c1`, name: '麒麟', rarity: 'SR' }]);
    return `${id}_c1`;
  };
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const get = <T>(path: string, u: User, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u.token, query });
  const wallet = async (u: User) => (await get<Wallet>('payment/info', u)).data;
  const edit = (u: User, id: string, price: number, version?: number) =>
    post<DeskListing>('market/editPrice', u, { id, price, ...(version ? { version } : {}) });
  const paySandbox = async (u: User, orderNo: string) => {
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
    await get('payOrder/payCheck', u, { orderNo });
  };
  const bid = async (u: User, ci: string, price: number) => {
    const r = await post<CreateListingResult>(
      'market/create',
      u,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price },
      { 'Idempotency-Key': freshKey() },
    );
    await paySandbox(u, r.data.orderNo!);
    return r.data.listing.id;
  };

  it('reprices a sell listing as a new version with its history, at once after listing; only its owner may', async () => {
    const seller = await trader(t);
    const ci = await cardInfo();
    const card = await giveCard(t, seller.userId, ci);
    const { id } = (
      await post<CreateListingResult>('market/create', seller, {
        sell_type: 0,
        kind: 'card',
        itemId: card,
        price: 10_000,
      })
    ).data.listing;
    const other = await trader(t);
    expect(await edit(other, id, 9_000)).toMatchObject({ status: 404, msg: '找不到此掛單' });
    expect(await edit(seller, id, 10_000)).toMatchObject({ status: 409, msg: '新價格與現價相同' });
    expect((await edit(seller, id, 50)).status).toBe(400);
    t.clock.advance(1000);
    const changed = await edit(seller, id, 9_000, 1);
    expect(changed).toMatchObject({ status: 200, msg: '價格已更新', data: { price: 9_000, version: 2, fee: 450 } });
    expect(changed.data.history).toMatchObject([
      { kind: 'listed', version: 1, price: 10_000 },
      { kind: 'price_changed', version: 2, price: 9_000, previousPrice: 10_000 },
    ]);
    // A tab still showing version 1 cannot overwrite the change.
    expect(await edit(seller, id, 8_000, 1)).toMatchObject({
      status: 409,
      msg: '此掛單的價格剛被更改，現價為 HK$90.00，請重新確認',
    });
    const open = await get<DeskListing[]>('market/mine', seller);
    expect(open.data.map((l) => [l.id, l.price, l.version])).toEqual([[id, 9_000, 2]]);
    expect((await get<DeskListing[]>('market/mine', other)).data).toEqual([]);

    // A buyer pays the new price; while reserved the price is fixed, and once sold the listing is on the ended list.
    const buyer = await trader(t);
    const order = await post<PayOrder>(
      'payOrder/create',
      buyer,
      { type: 'market', listingId: id },
      { 'Idempotency-Key': freshKey() },
    );
    expect(order.data.amount).toBe(9_000);
    expect(await edit(seller, id, 8_000)).toMatchObject({ status: 409, msg: '買家正在付款，暫時不能改價' });
    await paySandbox(buyer, order.data.orderNo);
    expect(await edit(seller, id, 8_000)).toMatchObject({ status: 409, msg: '此掛單已成交或已結束' });
    expect((await get<DeskListing[]>('market/mine', seller)).data).toEqual([]);
    const ended = (await get<DeskListing[]>('market/mine', seller, { view: 'ended' })).data;
    expect(ended[0]).toMatchObject({ id, status: 'sold', price: 9_000 });
    expect(ended[0]!.history.map((h) => h.kind)).toEqual(['listed', 'price_changed', 'sold']);
    expect((await get('market/mine', seller, { view: 'all' })).status).toBe(400);
  });

  it("moves a bid's escrow with its price: a cut back to the balance, a raise from it, refused when it is short", async () => {
    const bidder = await trader(t);
    const ci = await cardInfo();
    const id = await bid(bidder, ci, 5_000);
    expect(await wallet(bidder)).toMatchObject({ escrow: 5_000, balance: 0 });
    expect(await edit(bidder, id, 6_000)).toMatchObject({ status: 409, msg: '錢包餘額不足' });
    expect(await wallet(bidder)).toMatchObject({ escrow: 5_000, balance: 0 });
    expect((await edit(bidder, id, 4_000)).data).toMatchObject({ price: 4_000, version: 2 });
    expect(await wallet(bidder)).toMatchObject({ escrow: 4_000, balance: 1_000 });
    expect((await edit(bidder, id, 4_500)).data).toMatchObject({ price: 4_500, version: 3 });
    expect(await wallet(bidder)).toMatchObject({ escrow: 4_500, balance: 500 });
    const mine = (await get<DeskListing[]>('market/mine', bidder, { sell_type: '1' })).data;
    expect(mine[0]!.history.map((h) => h.price)).toEqual([5_000, 4_000, 4_500]);

    // A seller who saw the old price is refused; at the current one the fill settles the repriced escrow.
    const holder = await trader(t);
    const card = await giveCard(t, holder.userId, ci);
    expect(await post('market/confirmOrder', holder, { listingId: id, itemId: card, price: 4_000 })).toMatchObject({
      status: 409,
      msg: '買家剛更改了求購價，現價為 HK$45.00，請重新確認',
    });
    const filled = await post<MarketOrder>('market/confirmOrder', holder, {
      listingId: id,
      itemId: card,
      price: 4_500,
    });
    expect(filled.data).toMatchObject({ price: 4_500, status: 'completed' });
    expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 500 });

    // Cancelling a repriced bid gives back what it holds now.
    const second = await bid(bidder, ci, 3_000);
    await edit(bidder, second, 2_000);
    await post('market/cancel', bidder, { id: second });
    expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 3_500 });
    const ended = (await get<DeskListing[]>('market/mine', bidder, { sell_type: '1', view: 'ended' })).data;
    expect(ended.map((l) => l.status).sort()).toEqual(['cancelled', 'sold']);

    // The books still balance (the test app also reconciles when it closes).
    expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);

    // Order detail: each party sees it, with the payment method and timeline; a stranger does not.
    const detail = (u: User) => get<MarketOrderDetail>('market/orderDetail', u, { id: filled.data.id });
    const asBuyer = (await detail(bidder)).data;
    expect(asBuyer).toMatchObject({ role: 'buyer', paymentMethod: '模擬付款', price: 4_500 });
    expect(asBuyer.timeline.map((s) => s.kind)).toEqual(['funded', 'completed']);
    const asSeller = (await detail(holder)).data;
    expect(asSeller).toMatchObject({ role: 'seller', fee: 225, proceeds: 4_275, counterparty: { id: bidder.userId } });
    expect(await detail(await trader(t))).toMatchObject({ status: 404, msg: '找不到此訂單' });
  });

  it('a bid for several copies: the escrow holds them all, each fill settles one, what remains goes back on cancel', async () => {
    const bidder = await trader(t);
    const ci = await cardInfo();
    const created = await post<CreateListingResult>(
      'market/create',
      bidder,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price: 1_000, quantity: 3 },
      { 'Idempotency-Key': freshKey() },
    );
    expect(created.data.listing).toMatchObject({ quantity: 3, filled: 0 });
    const order = await get<PayOrder>('payOrder/info', bidder, { orderNo: created.data.orderNo! });
    expect(order.data).toMatchObject({ quantity: 3, unitPrice: 1_000, amount: 3_000 });
    await paySandbox(bidder, created.data.orderNo!);
    expect(await wallet(bidder)).toMatchObject({ escrow: 3_000 });
    const id = created.data.listing.id;
    const holder = await trader(t);
    const fill = async () =>
      post<MarketOrder>('market/confirmOrder', holder, {
        listingId: id,
        itemId: await giveCard(t, holder.userId, ci),
        price: 1_000,
      });
    expect((await fill()).data).toMatchObject({ price: 1_000, status: 'completed' });
    expect(await wallet(bidder)).toMatchObject({ escrow: 2_000 });
    expect((await wallet(holder)).balance).toBe(900); // less the HK$1 minimum fee
    // Repricing moves only what the unfilled copies hold: 2 × (HK$10 − HK$8).
    expect((await edit(bidder, id, 800)).data).toMatchObject({ price: 800, filled: 1, quantity: 3 });
    expect(await wallet(bidder)).toMatchObject({ escrow: 1_600, balance: 400 });
    const second = await post<MarketOrder>('market/confirmOrder', holder, {
      listingId: id,
      itemId: await giveCard(t, holder.userId, ci),
      price: 800,
    });
    expect(second.data.price).toBe(800);
    const open = (await get<DeskListing[]>('market/mine', bidder, { sell_type: '1' })).data;
    expect(open[0]).toMatchObject({ id, status: 'active', filled: 2 });
    expect(await wallet(bidder)).toMatchObject({ escrow: 800 });
    // The last copy goes back to the balance on cancel.
    await post('market/cancel', bidder, { id });
    expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 1_200 });
    const bought = (await get<MarketOrder[]>('market/orderList', bidder, { role: 'buyer' })).data;
    expect(bought.filter((o) => o.listingId === id)).toHaveLength(2);
    expect(
      (
        await post(
          'market/create',
          bidder,
          { sell_type: 1, kind: 'card', cardInfoId: ci, price: 1_000, quantity: 11 },
          {
            'Idempotency-Key': freshKey(),
          },
        )
      ).msg,
    ).toBe('求購數量最多為 10');
    expect((await t.app.services.ledger.reconcile()).exceptions).toEqual([]);
  });

  it('a bid for two copies filled to the end is sold, and expiry returns what an unfilled bid holds', async () => {
    const bidder = await trader(t);
    const ci = await cardInfo();
    const make = async (quantity: number) => {
      const r = await post<CreateListingResult>(
        'market/create',
        bidder,
        { sell_type: 1, kind: 'card', cardInfoId: ci, price: 500, quantity },
        { 'Idempotency-Key': freshKey() },
      );
      await paySandbox(bidder, r.data.orderNo!);
      return r.data.listing.id;
    };
    const full = await make(2);
    const lapsing = await make(3);
    const holder = await trader(t);
    for (let i = 0; i < 2; i++)
      await post('market/confirmOrder', holder, { listingId: full, itemId: await giveCard(t, holder.userId, ci) });
    const ended = (await get<DeskListing[]>('market/mine', bidder, { sell_type: '1', view: 'ended' })).data;
    expect(ended.find((l) => l.id === full)).toMatchObject({ status: 'sold', filled: 2 });
    expect(
      (await post('market/confirmOrder', holder, { listingId: full, itemId: await giveCard(t, holder.userId, ci) }))
        .status,
    ).toBe(409);
    await post('market/confirmOrder', holder, { listingId: lapsing, itemId: await giveCard(t, holder.userId, ci) });
    expect(await wallet(bidder)).toMatchObject({ escrow: 1_000 });
    t.clock.advance(8 * 24 * 3600_000);
    await t.app.services.market.expireDue();
    expect(await wallet(bidder)).toMatchObject({ escrow: 0, balance: 1_000 });
  });

  it('refuses to reprice an unpaid bid', async () => {
    const bidder = await trader(t);
    const ci = await cardInfo();
    const r = await post<CreateListingResult>(
      'market/create',
      bidder,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price: 2_000 },
      { 'Idempotency-Key': freshKey() },
    );
    expect(await edit(bidder, r.data.listing.id, 2_500)).toMatchObject({
      status: 409,
      msg: '請先完成求購付款，才可以改價',
    });
    expect((await get<DeskListing[]>('market/mine', bidder, { sell_type: '1' })).data[0]).toMatchObject({
      status: 'pending_payment',
    });
  });
});

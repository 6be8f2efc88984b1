import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminListing } from '../../../shared/schemas/admin-market';
import type { AuditRecord } from '../../../shared/schemas/admin-audit';
import type { CreateListingResult, Listing } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { LedgerEntry, Wallet } from '../../../shared/schemas/wallet';
import { cards } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme } from '../collection/collection-fixtures';
import { signIn } from '../shipments/shipments.fixtures';
import { freshKey, giveCard, trader } from './market.fixtures';

const ADMIN_PHONE = '+85291230077';
type User = { userId: string; token: string };

describe('back office: market listings and take-downs', () => {
  let t: TestApp;
  let op: User;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
    op = await signIn(t, ADMIN_PHONE);
  });
  afterAll(() => t.close());

  const cardInfo = async () => {
    const id = `adm${seq++}`;
    await addTheme(t, id, [{ id: `${id}_c1`, name: `下架測試卡${seq}`, rarity: 'SR' }]);
    return `${id}_c1`;
  };
  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const get = <T>(path: string, u: User, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u.token, query });
  const books = async () => {
    const audit = await t.app.services.wallet.audit();
    expect(audit.unbalanced).toEqual([]);
    for (const a of audit.accounts) expect(a.cached).toBe(a.summed);
  };
  /** Lists a card for sale: the listing made. */
  const sell = async (seller: User, card: string, price: number) =>
    (await post<CreateListingResult>('market/create', seller, { sell_type: 0, kind: 'card', itemId: card, price })).data
      .listing;
  const takeDown = (id: string, reason = '圖片與實物不符') =>
    post<AdminListing>('admin/listings/takeDown', op, { id, reason });

  it('lists every listing with filters and X-Total-Count; takes a sell listing down: item held again, reason shown to the seller, audited', async () => {
    const seller = await trader(t);
    const ci = await cardInfo();
    const card = await giveCard(t, seller.userId, ci);
    const listing = await sell(seller, card, 5_000);

    const found = await get<AdminListing[]>('admin/listings', op, {
      q: listing.itemName,
      status: 'active',
      sellType: '0',
      kind: 'card',
    });
    expect(found.data).toEqual([
      expect.objectContaining({
        id: listing.id,
        status: 'active',
        price: 5_000,
        user: expect.objectContaining({ id: seller.userId }),
        takedownReason: null,
      }),
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/listings',
      query: { q: listing.id },
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(res.headers['x-total-count']).toBe('1');
    expect((await get('admin/listings', op, { sellType: '2' })).status).toBe(400);

    expect(await post('admin/listings/takeDown', op, { id: listing.id })).toMatchObject({
      status: 400,
      msg: '請填寫下架原因',
    });
    expect(await post('admin/listings/takeDown', op, { id: listing.id, reason: '壞' })).toMatchObject({
      status: 400,
      msg: '下架原因最少 2 個字',
    });
    expect(await takeDown('lst_nope')).toMatchObject({ status: 404, msg: '找不到此掛單' });
    const down = await takeDown(listing.id);
    expect(down).toMatchObject({
      status: 200,
      msg: '已下架，賣家會看到下架原因',
      data: { status: 'taken_down', takedownReason: '圖片與實物不符', closedAt: expect.any(String) },
    });
    expect((await t.db.select({ status: cards.status }).from(cards).where(eq(cards.id, card)))[0]!.status).toBe('held');
    expect(await takeDown(listing.id)).toMatchObject({ status: 409, msg: '此掛單已成交或已結束，不能下架' });

    // The seller sees 已下架 with the reason; nobody else sees the reason; the public market no longer shows it.
    const mine = (await get<Listing[]>('market/myList', seller, { sell_type: '0', status: 'taken_down' })).data;
    expect(mine).toEqual([
      expect.objectContaining({ id: listing.id, status: 'taken_down', takedownReason: '圖片與實物不符' }),
    ]);
    expect((await get<Listing[]>('market/list', seller, { cardInfoId: ci })).data).toEqual([]);
    const stranger = await signIn(t);
    expect((await get('market/detail', stranger, { id: listing.id })).status).toBe(404);
    // The item can be listed again.
    expect(
      (await post('market/create', seller, { sell_type: 0, kind: 'card', itemId: card, price: 6_000 })).status,
    ).toBe(200);

    const [record] = (await get<AuditRecord[]>('admin/audit', op, { targetId: listing.id })).data;
    expect(record).toMatchObject({
      action: 'listing.take_down',
      targetType: 'listing',
      actor: { id: op.userId },
      before: { status: 'active', price: 5_000 },
      after: { status: 'taken_down', takedownReason: '圖片與實物不符' },
    });
  });

  it('takes a funded buy listing down: the escrow goes back to the bidder through the ledger, in one transaction', async () => {
    const bidder = await trader(t);
    const ci = await cardInfo();
    const created = await post<CreateListingResult>(
      'market/create',
      bidder,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price: 8_000 },
      { 'Idempotency-Key': freshKey() },
    );
    expect(await takeDown(created.data.listing.id)).toMatchObject({
      status: 409,
      msg: expect.stringContaining('尚未付款'),
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.data.orderNo}/confirm` })).statusCode,
    ).toBe(303);
    expect((await get<Wallet>('payment/info', bidder)).data).toMatchObject({ balance: 0, escrow: 8_000 });

    expect((await takeDown(created.data.listing.id, '出價異常')).data).toMatchObject({
      status: 'taken_down',
      sellType: 1,
    });
    expect((await get<Wallet>('payment/info', bidder)).data).toMatchObject({ balance: 8_000, escrow: 0 });
    const history = (await get<LedgerEntry[]>('payment/history', bidder)).data;
    expect(history[0]).toMatchObject({
      kind: 'bid_refund',
      amount: 8_000,
      description: expect.stringContaining('求購被下架退款'),
    });
    await books();
    // A holder can no longer sell into it.
    const holder = await trader(t);
    const card = await giveCard(t, holder.userId, ci);
    expect(
      (await post('market/confirmOrder', holder, { listingId: created.data.listing.id, itemId: card })).status,
    ).toBe(409);
  });

  it('refuses a listing a buyer is paying for; once the buyer drops the order it can be taken down', async () => {
    const seller = await trader(t);
    const buyer = await trader(t);
    const card = await giveCard(t, seller.userId, await cardInfo());
    const listing = await sell(seller, card, 3_000);
    const order = await post<PayOrder>(
      'payOrder/create',
      buyer,
      { type: 'market', listingId: listing.id },
      { 'Idempotency-Key': freshKey() },
    );
    expect(order.status).toBe(200);
    expect(await takeDown(listing.id)).toMatchObject({ status: 409, msg: expect.stringContaining('買家正在付款') });
    expect((await post('market/cancelOrder', buyer, { orderNo: order.data.orderNo })).status).toBe(200);
    expect((await takeDown(listing.id)).status).toBe(200);
    expect(
      (await t.db.select({ status: cards.status, ownerId: cards.ownerId }).from(cards).where(eq(cards.id, card)))[0],
    ).toEqual({ status: 'held', ownerId: seller.userId });
    await books();
  });
});

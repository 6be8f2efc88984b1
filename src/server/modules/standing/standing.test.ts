import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult, MarketOrder, SellerProfile } from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminFeedback, Feedback, MyFeedback } from '../../../shared/schemas/standing';
import type { AuditRecord } from '../../../shared/schemas/admin-audit';
import { sales } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';
import { credit } from '../offers/offers.fixtures';
import { STANDING_TTL_MS } from './standing.service';

const ADMIN_PHONE = '+85291230077';
const DAY = 24 * 3600_000;
type User = { userId: string; token: string; phone: string };

describe('seller standing and trade feedback API', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let ci: string;
  const orders: MarketOrder[] = [];

  const post = <T>(path: string, u: User | null, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u?.token, body, headers });
  const get = <T>(path: string, u: User | null, query: Record<string, string> = {}) =>
    t.call<T>('GET', path, { token: u?.token, query });
  const standing = async (u: User) => {
    t.clock.advance(STANDING_TTL_MS); // past what is kept in memory
    return (await get<SellerProfile>('market/userInfo', null, { id: u.userId })).data.standing;
  };
  /** A sell listing of a fresh card of `ci`, reserved by the buyer; paid through the sandbox when `pay`. */
  const trade = async (pay: boolean) => {
    const card = await giveCard(t, seller.userId, ci);
    const listing = await post<CreateListingResult>('market/create', seller, {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price: 1_000,
    });
    const order = await post<PayOrder>(
      'payOrder/create',
      buyer,
      { type: 'market', listingId: listing.data.listing.id },
      { 'Idempotency-Key': freshKey() },
    );
    if (pay) {
      const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.data.orderNo}/confirm` });
      expect(res.statusCode).toBe(303);
    } else {
      expect((await post('market/cancelOrder', buyer, { orderNo: order.data.orderNo })).status).toBe(200);
    }
    const mine = await get<MarketOrder[]>('market/orderList', buyer, { role: 'buyer' });
    return mine.data.find((o) => o.orderNo === order.data.orderNo)!;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PHONES: ADMIN_PHONE } });
    seller = await trader(t);
    buyer = await trader(t);
    await addTheme(t, 'st1', [{ id: 'st1_c1', name: '麒麟', rarity: 'SR' }]);
    ci = 'st1_c1';
  });
  afterAll(() => t.close());

  it('shows no figure before 5 trades, then sales, purchases and a completion rate over ended orders', async () => {
    const fresh = await standing(seller);
    expect(fresh).toMatchObject({ enough: false, verified: true, sales: null, completionRate: null });
    // Nor does the storefront answer carry a sales count of its own.
    expect((await get('market/userInfo', null, { id: seller.userId })).data).not.toHaveProperty('sales');
    for (let i = 0; i < 4; i++) orders.push(await trade(true));
    expect(await standing(seller)).toMatchObject({ enough: false, sales: null, purchases: null, thumbsUpShare: null });
    orders.push(await trade(true));
    expect(await standing(seller)).toMatchObject({
      enough: true,
      sales: 5,
      purchases: 0,
      completionRate: 100,
      typicalResponseMinutes: null,
      thumbsUpShare: null,
      feedbackCount: 0,
    });
    expect(await standing(buyer)).toMatchObject({ enough: true, sales: 0, purchases: 5, completionRate: 100 });
    // Two reservations that ended unpaid: 5 of 7 ended orders completed, 71 % (rounded down).
    await trade(false);
    await trade(false);
    expect(await standing(seller)).toMatchObject({ sales: 5, completionRate: 71 });
    expect(await standing(buyer)).toMatchObject({ purchases: 5, completionRate: 71 });
  });

  it('gives the median time from posting a buy listing to its fill as the typical response', async () => {
    for (const hours of [1, 3, 20]) {
      const created = await post<CreateListingResult>(
        'market/create',
        buyer,
        { sell_type: 1, kind: 'card', cardInfoId: ci, price: 1_000 },
        { 'Idempotency-Key': freshKey() },
      );
      await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.data.orderNo}/confirm` });
      t.clock.advance(hours * 3600_000);
      const card = await giveCard(t, seller.userId, ci);
      expect(
        (await post('market/confirmOrder', seller, { listingId: created.data.listing.id, itemId: card })).status,
      ).toBe(200);
    }
    expect((await standing(buyer)).typicalResponseMinutes).toBe(180);
  });

  it('takes one 👍 / 👎 per order per side, only from its two sides and once completed, with zh-HK refusals', async () => {
    const order = orders[0]!;
    const stranger = await signIn(t);
    const body = { orderId: order.id, rating: 'up', comment: '  交收快，推薦！ ' };
    expect(await post('market/feedback/create', stranger, body)).toMatchObject({ status: 404, msg: '找不到此訂單' });
    expect((await post('market/feedback/create', null, body)).status).toBe(403);
    const created = await post<Feedback>('market/feedback/create', buyer, body);
    expect(created).toMatchObject({
      status: 200,
      msg: '多謝你的評價',
      data: {
        rating: 'up',
        comment: '交收快，推薦！',
        authorRole: 'buyer',
        hidden: false,
        author: { id: buyer.userId },
      },
    });
    expect(await post('market/feedback/create', buyer, body)).toMatchObject({
      status: 409,
      msg: '你已評價此交易，可於 7 日內修改',
    });
    expect(
      (await post<Feedback>('market/feedback/create', seller, { orderId: order.id, rating: 'down' })).data,
    ).toMatchObject({ rating: 'down', comment: '', authorRole: 'seller' });
    expect(await post('market/feedback/create', buyer, { ...body, comment: '好'.repeat(201) })).toMatchObject({
      status: 400,
      msg: '評語最多 200 個字',
    });
    expect((await post('market/feedback/create', buyer, { ...body, rating: 'meh' })).msg).toBe('請選擇 👍 或 👎');
    const cancelled = await trade(false);
    expect(await post('market/feedback/create', buyer, { ...body, orderId: cancelled.id })).toMatchObject({
      status: 409,
      msg: '交易完成後才可以評價',
    });
    expect((await get<MyFeedback>('market/feedback/mine', buyer, { orderId: cancelled.id })).data).toEqual({
      feedback: null,
      canCreate: false,
      editableUntil: null,
    });
    expect((await get('market/feedback/mine', stranger, { orderId: order.id })).status).toBe(404);
  });

  it('lets the author change it for 7 days, then refuses; the storefront counts the 👍 share', async () => {
    const order = orders[1]!;
    t.clock.advance(1_000);
    await post('market/feedback/create', buyer, { orderId: order.id, rating: 'down', comment: '慢' });
    const mine = await get<MyFeedback>('market/feedback/mine', buyer, { orderId: order.id });
    expect(mine.data).toMatchObject({ canCreate: false, feedback: { rating: 'down', comment: '慢' } });
    expect(mine.data.editableUntil).not.toBeNull();
    expect(await post('market/feedback/update', seller, { orderId: order.id, rating: 'up' })).toMatchObject({
      status: 404,
      msg: '你未評價此交易',
    });
    t.clock.advance(6 * DAY);
    const changed = await post<Feedback>('market/feedback/update', buyer, {
      orderId: order.id,
      rating: 'up',
      comment: '其實幾好',
    });
    expect(changed).toMatchObject({ status: 200, data: { rating: 'up', comment: '其實幾好' } });
    t.clock.advance(DAY + 1_000);
    expect(await post('market/feedback/update', buyer, { orderId: order.id, rating: 'down' })).toMatchObject({
      status: 409,
      msg: '評價已超過 7 日，不能再修改',
    });
    expect((await get<MyFeedback>('market/feedback/mine', buyer, { orderId: order.id })).data.editableUntil).toBeNull();
    // The seller received two 👍 from the buyer: 100 %; the buyer one 👎 from the seller: 0 %.
    expect(await standing(seller)).toMatchObject({ thumbsUpShare: 100, feedbackCount: 2 });
    expect(await standing(buyer)).toMatchObject({ thumbsUpShare: 0, feedbackCount: 1 });
    const list = await get<Feedback[]>('market/feedback/list', null, { id: seller.userId });
    expect(list.data.map((f) => f.comment)).toEqual(['其實幾好', '交收快，推薦！']);
  });

  it('lets an operator hide a comment (audited): the rating still counts, the comment is not sent', async () => {
    const admin = await t.app.services.auth.startSession((await t.app.services.auth.ensureUser(ADMIN_PHONE)).id);
    const op = { userId: admin.user.id, token: admin.token, phone: ADMIN_PHONE };
    expect((await get('admin/feedback', buyer)).status).toBe(404);
    const rows = (await get<AdminFeedback[]>('admin/feedback', op, { q: '其實' })).data;
    expect(rows).toHaveLength(1);
    const target = rows[0]!;
    expect(target).toMatchObject({ comment: '其實幾好', subject: { id: seller.userId }, hiddenAt: null });
    expect(await post('admin/feedback/hide', op, { id: target.id, reason: '' })).toMatchObject({
      status: 400,
      msg: '隱藏原因最少 2 個字',
    });
    expect(await post('admin/feedback/hide', op, { id: target.id, reason: '含個人資料' })).toMatchObject({
      status: 200,
      msg: '已隱藏此評語',
    });
    expect((await post('admin/feedback/hide', op, { id: target.id, reason: '再隱藏' })).msg).toBe('此評價已被隱藏');
    const list = await get<Feedback[]>('market/feedback/list', null, { id: seller.userId });
    expect(list.data[0]).toMatchObject({ id: target.id, comment: null, hidden: true, rating: 'up' });
    expect(await standing(seller)).toMatchObject({ thumbsUpShare: 100, feedbackCount: 2 });
    const audit = (await get<AuditRecord[]>('admin/audit', op, { action: 'feedback.hide' })).data;
    expect(audit[0]).toMatchObject({
      targetId: target.id,
      before: { hiddenAt: null, hiddenReason: null },
      after: { hiddenReason: '含個人資料' },
    });
    expect((await post('admin/feedback/unhide', op, { id: target.id })).status).toBe(200);
    expect((await get<Feedback[]>('market/feedback/list', null, { id: seller.userId })).data[0]!.comment).toBe(
      '其實幾好',
    );
  });

  it('counts an accepted offer as a trade of both sides, rated on its sale', async () => {
    const [sold, bought] = [(await standing(seller)).sales!, (await standing(buyer)).purchases!];
    await credit(t, buyer.userId, 5_000);
    const itemId = await giveCard(t, seller.userId, ci);
    const offer = await post<{ id: string }>('offer/create', buyer, {
      kind: 'card',
      itemId,
      price: 1_500,
      expiresInHours: 24,
    });
    expect((await post('offer/accept', seller, { id: offer.data.id })).status).toBe(200);
    expect((await standing(seller)).sales).toBe(sold + 1);
    expect((await standing(buyer)).purchases).toBe(bought + 1);
    const [sale] = await t.db.select({ id: sales.id }).from(sales).where(eq(sales.sourceId, offer.data.id));
    const body = { orderId: sale!.id, rating: 'up' };
    expect((await post<Feedback>('market/feedback/create', seller, body)).data.authorRole).toBe('seller');
    expect((await post<Feedback>('market/feedback/create', buyer, body)).data.authorRole).toBe('buyer');
    expect(await post('market/feedback/create', buyer, body)).toMatchObject({ status: 409 });
  });
});

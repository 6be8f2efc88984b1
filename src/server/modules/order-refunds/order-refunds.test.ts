import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderRefund, AdminOrderRefundPreview } from '../../../shared/schemas/admin-order-refunds';
import type { AdminRefund } from '../../../shared/schemas/admin-ledger';
import type { Shipment } from '../../../shared/schemas/delivery';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { cardEvents, cards, goods, ledgerAccounts, notifications, products, saleItems, sales } from '../../db/schema';
import { auditOf, signInOperator } from '../../testing/operator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { givePerkCard, monthlyDiscount } from '../perks/perks.fixtures';
import { addressBody } from '../shipments/shipments.fixtures';
import { accounts } from '../wallet/wallet.service';
import { paidMallOrder } from './order-refunds.fixtures';

/** Operators' refunds of paid mall orders through the API (decision 050), on a fresh database (PGlite or PostgreSQL). */
describe('admin/payOrders/refund', () => {
  let t: TestApp;
  let operator: { token: string };
  let keySeq = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
    operator = await signInOperator(t);
  });
  afterAll(() => t?.close());

  const balanceOf = async (id: string) =>
    Number((await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance ?? 0);
  const preview = (orderNo: string) =>
    t.call<AdminOrderRefundPreview>('GET', 'admin/payOrders/refund', { token: operator.token, query: { orderNo } });
  const refund = (body: Record<string, unknown>) =>
    t.call<AdminOrderRefundPreview>('POST', 'admin/payOrders/refund', {
      token: operator.token,
      body: { reason: '客戶要求取消', idempotencyKey: `test-key-${keySeq++}`, ...body },
    });
  const orderOf = async (buyer: { token: string }, orderNo: string) =>
    (await t.call<PayOrder>('GET', 'payOrder/info', { token: buyer.token, query: { orderNo } })).data;
  const saleOf = async (orderNo: string) => (await t.db.select().from(sales).where(eq(sales.orderNo, orderNo)))[0]!;

  it('refunds a card through the provider, then the rest to the wallet; a third refund is refused', async () => {
    const buyer = await signIn(t);
    const { order, itemIds } = await paidMallOrder(t, buyer, { quantity: 2, priceCents: 10_000 });
    const before = await preview(order.orderNo);
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ remaining: 20_000, refunded: 0, refusal: null, provider: 'sandbox' });
    expect(before.data.units.map((u) => [u.returnable, u.share])).toEqual([
      [true, 10_000],
      [true, 10_000],
    ]);
    const salesBefore = await balanceOf(accounts.sales.id);

    const first = await refund({ orderNo: order.orderNo, amount: 10_000, itemIds: [itemIds[0]] });
    expect(first.status).toBe(200);
    expect(first.msg).toContain('帳目 → 退款');
    expect(first.data).toMatchObject({ refunded: 10_000, remaining: 10_000 });
    expect(first.data.units.find((u) => u.itemId === itemIds[0])).toMatchObject({ returned: true, returnable: false });
    // The card went back to the platform: consumed, with a refund step in its provenance; the sale knows it.
    const [card] = await t.db.select().from(cards).where(eq(cards.id, itemIds[0]!));
    expect(card!.status).toBe('consumed');
    const events = await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, itemIds[0]!));
    expect(events.map((e) => [e.kind, e.via])).toContainEqual(['consumed', 'refund']);
    const [unit] = await t.db
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.itemId, itemIds[0]!)));
    expect(unit!.returnedAt).not.toBeNull();
    expect((await saleOf(order.orderNo)).refunded).toBe(10_000);
    // The money is owed through the provider: a refund record with the operator's reason, waiting in 帳目 → 退款.
    expect(await balanceOf(accounts.sales.id)).toBe(salesBefore - 10_000);
    const records = await t.call<AdminRefund[]>('GET', 'admin/ledger/refunds', { token: operator.token });
    const record = records.data.find((r) => r.orderNo === order.orderNo)!;
    expect(record).toMatchObject({ reason: 'order', note: '客戶要求取消', amount: 10_000, status: 'pending' });
    // The buyer sees it on the order, and was told.
    expect((await orderOf(buyer, order.orderNo)).refunds).toEqual([
      expect.objectContaining({ amount: 10_000, reason: '客戶要求取消', toBalance: false, settled: false }),
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.userId));
    expect(told.find((n) => n.kind === 'orderRefunded')?.body).toContain('HK$100.00');
    expect((await auditOf(t, order.orderNo, 'pay_order.refund')).length).toBe(1);

    // Paid through the provider: the buyer's order says the money is back.
    const paid = await t.call('POST', 'admin/ledger/refunds/pay', { token: operator.token, body: { id: record.id } });
    expect(paid.status).toBe(200);
    expect((await orderOf(buyer, order.orderNo)).refunds?.[0]?.settled).toBe(true);

    // The rest to the wallet (a minute later), then nothing is left to refund.
    t.clock.advance(60_000);
    const wallet = accounts.balance(buyer.userId).id;
    const second = await refund({
      orderNo: order.orderNo,
      amount: 10_000,
      toBalance: true,
      idempotencyKey: 'again-0001',
    });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ remaining: 0, refusal: '此訂單已全數退款' });
    expect(await balanceOf(wallet)).toBe(10_000);
    // The same request again (a double click, a retry) answers the same refund and pays nothing more.
    const repeat = await refund({
      orderNo: order.orderNo,
      amount: 10_000,
      toBalance: true,
      idempotencyKey: 'again-0001',
    });
    expect(repeat.status).toBe(200);
    expect(repeat.data.refunds).toHaveLength(2);
    expect(await balanceOf(wallet)).toBe(10_000);
    const third = await refund({ orderNo: order.orderNo, amount: 1 });
    expect([third.status, third.msg]).toEqual([409, '此訂單已全數退款']);

    const list = await t.call<AdminOrderRefund[]>('GET', 'admin/orderRefunds', {
      token: operator.token,
      query: { orderNo: order.orderNo },
    });
    expect(list.data.map((r) => [r.amount, r.toBalance, r.refundStatus])).toEqual([
      [10_000, true, null],
      [10_000, false, 'paid'],
    ]);
    expect(
      (await t.call<{ exceptions: unknown[] }>('GET', 'admin/ledger/reconcile', { token: operator.token })).data,
    ).toEqual({ exceptions: [] });
  });

  it('refunds a wallet-paid product to the wallet: goods in an unshipped delivery are taken back and restocked', async () => {
    const buyer = await signIn(t);
    const { order, itemIds, itemId } = await paidMallOrder(t, buyer, {
      type: 'product',
      quantity: 2,
      priceCents: 5_000,
      via: 'balance',
    });
    const address = (await t.call<{ id: string }>('POST', 'address/add', { token: buyer.token, body: addressBody() }))
      .data;
    const shipped = await t.call<Shipment>('POST', 'goods/delivery', {
      token: buyer.token,
      body: { goodsIds: itemIds, addressId: address.id },
    });
    expect(shipped.status).toBe(200);
    const soldBefore = (await t.db.select().from(products).where(eq(products.id, itemId)))[0]!.sold;
    const shown = await preview(order.orderNo);
    expect(shown.data.units.every((u) => u.returnable && u.state.includes('提貨'))).toBe(true);

    // Asked through the provider, a wallet payment still goes back to the wallet.
    const res = await refund({ orderNo: order.orderNo, amount: 5_000, itemIds: [itemIds[0]], toBalance: false });
    expect(res.status).toBe(200);
    expect(res.msg).toContain('錢包');
    expect(await balanceOf(accounts.balance(buyer.userId).id)).toBe(5_000);
    // The delivery was cancelled (the other unit is stored again), the refunded unit left the buyer's goods.
    const units = await t.db.select().from(goods).where(eq(goods.productId, itemId));
    expect(Object.fromEntries(units.map((g) => [g.id, g.status]))).toEqual({
      [itemIds[0]!]: 'returned',
      [itemIds[1]!]: 'held',
    });
    const shipment = await t.call<Shipment>('GET', 'logistic/detail', {
      token: buyer.token,
      query: { id: shipped.data.id },
    });
    expect(shipment.data.status).toBe('cancelled');
    const listed = await t.call<{ id: string }[]>('GET', 'goods/list', { token: buyer.token, query: { type: '1' } });
    expect(listed.data.map((g) => g.id)).toEqual([itemIds[1]]);
    // The unit never left the warehouse: the product's stock is on sale again.
    expect((await t.db.select().from(products).where(eq(products.id, itemId)))[0]!.sold).toBe(soldBefore - 1);
    expect((await orderOf(buyer, order.orderNo)).refunds).toEqual([
      expect.objectContaining({ amount: 5_000, toBalance: true, settled: true }),
    ]);
  });

  it('refuses what cannot be refunded, in words, and changes nothing', async () => {
    const buyer = await signIn(t);
    const { order, itemIds } = await paidMallOrder(t, buyer, { quantity: 2, priceCents: 10_000 });
    // A card listed on the market stays with its owner: only money may be refunded for it.
    await t.db.update(cards).set({ status: 'listed' }).where(eq(cards.id, itemIds[1]!));
    const shown = await preview(order.orderNo);
    expect(shown.data.units.find((u) => u.itemId === itemIds[1])).toMatchObject({ returnable: false, state: '寄售中' });
    const listed = await refund({ orderNo: order.orderNo, amount: 10_000, itemIds: [itemIds[1]] });
    expect(listed.status).toBe(409);
    expect(listed.msg).toContain('寄售中');
    const other = await refund({ orderNo: order.orderNo, amount: 100, itemIds: ['crd_not_of_this_order'] });
    expect([other.status, other.msg]).toEqual([409, '所選物品不屬於此訂單，請重新整理']);
    const tooMuch = await refund({ orderNo: order.orderNo, amount: 20_001 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.msg).toContain('HK$200.00');
    const noReason = await refund({ orderNo: order.orderNo, amount: 100, reason: ' ' });
    expect(noReason.status).toBe(400);
    const unknown = await refund({ orderNo: 'TR000000NOPE', amount: 100 });
    expect([unknown.status, unknown.msg]).toEqual([404, '找不到此訂單']);
    expect((await saleOf(order.orderNo)).refunded).toBe(0);
    expect((await t.db.select().from(cards).where(eq(cards.id, itemIds[0]!)))[0]!.status).toBe('held');

    // An unpaid order, and a market purchase, are not the back office's to refund.
    const pending = await t.call<PayOrder>('POST', 'payOrder/create', {
      token: buyer.token,
      body: { type: 'card', cardInfoId: order.itemId, quantity: 1 },
      headers: { 'idempotency-key': `pending-${Date.now()}` },
    });
    const unpaid = await refund({ orderNo: pending.data.orderNo, amount: 100 });
    expect(unpaid.status).toBe(409);
    expect(unpaid.msg).toContain('只可退款已付款的訂單');
    expect((await preview(pending.data.orderNo)).data.refusal).toContain('待付款');
  });

  it('a money-only refund leaves the units with their owner and refunds part of what was paid', async () => {
    const buyer = await signIn(t);
    const { order, itemIds } = await paidMallOrder(t, buyer, { quantity: 1, priceCents: 8_800, via: 'balance' });
    const res = await refund({ orderNo: order.orderNo, amount: 1_234 });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ refunded: 1_234, remaining: 8_800 - 1_234 });
    expect((await t.db.select().from(cards).where(eq(cards.id, itemIds[0]!)))[0]!.status).toBe('held');
    expect(await balanceOf(accounts.balance(buyer.userId).id)).toBe(1_234);
    // The buyer's wallet history names the refund.
    const history = await t.call<{ kind: string; amount: number }[]>('GET', 'payment/history', { token: buyer.token });
    expect(history.data.find((e) => e.kind === 'order_refund')).toMatchObject({ amount: 1_234 });
  });

  it("a perk-discounted order gives back what was paid, and the discount's share returns to promotions", async () => {
    const buyer = await signIn(t);
    await givePerkCard(t.db, { rights: [monthlyDiscount()], owners: [buyer.userId] });
    // HK$399.00 with 8 折: HK$319.20 paid, HK$79.80 of promotions.
    const { order } = await paidMallOrder(t, buyer, { type: 'product', priceCents: 39_900, via: 'balance' });
    expect(order).toMatchObject({ amount: 31_920, discount: 7_980 });
    const [sales0, promotions0] = [await balanceOf(accounts.sales.id), await balanceOf(accounts.promotions.id)];
    expect((await refund({ orderNo: order.orderNo, amount: 10_000 })).status).toBe(200);
    // 10 000 / 31 920 of the sale: its discount's share is HK$25.00.
    expect(await balanceOf(accounts.sales.id)).toBe(sales0 - 12_500);
    expect(await balanceOf(accounts.promotions.id)).toBe(promotions0 + 2_500);
    const over = await refund({ orderNo: order.orderNo, amount: 21_921 });
    expect(over.status).toBe(409);
    expect(over.msg).toContain('HK$219.20');
    expect((await refund({ orderNo: order.orderNo, amount: 21_920 })).status).toBe(200);
    // All refunded: the sale and its discount are undone, the buyer has what they paid.
    expect(await balanceOf(accounts.sales.id)).toBe(sales0 - 39_900);
    expect(await balanceOf(accounts.promotions.id)).toBe(promotions0 + 7_980);
    expect(await balanceOf(accounts.balance(buyer.userId).id)).toBe(31_920);
  });
});

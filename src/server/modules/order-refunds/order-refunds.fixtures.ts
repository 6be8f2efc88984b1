import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { TestApp } from '../../testing/test-app';
import { credit } from '../offers/offers.fixtures';
import { createDrop, createProduct } from '../pay-orders/pay-orders.fixtures';

/** Order refunds test set-up (test helper, not app code). */

let seq = 0;

/**
 * A paid mall order of `buyer`: `quantity` units of a fresh card drop or product (HK$`priceCents / 100` each), paid at
 * the sandbox checkout (its signed webhook) or from the wallet (credited first). Answers the order as its buyer sees
 * it, and the units' ids.
 */
export async function paidMallOrder(
  t: TestApp,
  buyer: { userId: string; token: string },
  opts: { type?: 'card' | 'product'; quantity?: number; priceCents?: number; via?: 'sandbox' | 'balance' } = {},
): Promise<{ order: PayOrder; itemIds: string[]; itemId: string }> {
  const type = opts.type ?? 'card';
  const quantity = opts.quantity ?? 1;
  const priceCents = opts.priceCents ?? 10_000;
  const since = new Date(t.clock.now().getTime() - 3_600_000);
  const itemId =
    type === 'card'
      ? await createDrop(t.db, { editionSize: 100, perUserLimit: 10, priceCents, saleStartsAt: since })
      : await createProduct(t.db, { stock: 10, perUserLimit: 10, priceCents, type: 1 });
  const body = type === 'card' ? { type, cardInfoId: itemId, quantity } : { type, productId: itemId, quantity };
  const created = await t.call<PayOrder>('POST', 'payOrder/create', {
    token: buyer.token,
    body,
    headers: { 'idempotency-key': `refund-fixture-${Date.now()}-${seq++}` },
  });
  if (created.status !== 200) throw new Error(`set-up: payOrder/create answered ${created.status} ${created.msg}`);
  const { orderNo } = created.data;
  if (opts.via === 'balance') {
    await credit(t, buyer.userId, created.data.amount);
    const paid = await t.call('POST', 'payOrder/payWithBalance', { token: buyer.token, body: { orderNo } });
    if (paid.status !== 200) throw new Error(`set-up: payWithBalance answered ${paid.status} ${paid.msg}`);
  } else {
    const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
    if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm answered ${res.statusCode}`);
  }
  const info = await t.call<PayOrder>('GET', 'payOrder/info', { token: buyer.token, query: { orderNo } });
  if (info.data.status !== 'paid') throw new Error(`set-up: order ${orderNo} is ${info.data.status}`);
  const itemIds = [...info.data.cards.map((c) => c.id), ...info.data.goods.map((g) => g.id)];
  return { order: info.data, itemIds, itemId };
}

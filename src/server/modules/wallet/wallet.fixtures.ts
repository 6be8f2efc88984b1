import type { SandboxProvider } from '../../adapters/payments/sandbox';
import type { TestApp } from '../../testing/test-app';
import { createDrop } from '../pay-orders/pay-orders.fixtures';

/** Wallet test set-up (test helper, not app code). */

/**
 * A card order of `buyer` paid at the sandbox checkout after it expired: the charge is recorded on the sandbox's
 * bank side and its signed webhook delivered, as a buyer paying in a tab left open would. Answers the order number.
 */
export async function latePayment(t: TestApp, buyer: { token: string }, priceCents = 12_800): Promise<string> {
  const cardInfoId = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents });
  const created = await t.call<{ orderNo: string }>('POST', 'payOrder/create', {
    token: buyer.token,
    body: { type: 'card', cardInfoId, quantity: 1 },
    headers: { 'idempotency-key': `late-${cardInfoId}` },
  });
  if (created.status !== 200) throw new Error(`set-up: payOrder/create answered ${created.status} ${created.msg}`);
  const { orderNo } = created.data;
  t.clock.advance(16 * 60_000);
  const row = (await t.app.services.payOrders.sandboxOrder(orderNo))!;
  const sandbox = t.app.deps.payments as SandboxProvider;
  const webhook = await sandbox.pay({ checkoutId: row.providerRef!, orderNo, amountCents: row.amountCents });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: webhook.headers,
    payload: webhook.body,
  });
  if (res.statusCode !== 200) throw new Error(`set-up: late webhook answered ${res.statusCode} ${res.body}`);
  return orderNo;
}

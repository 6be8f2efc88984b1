import { formatHkd } from '../../../shared/money';
import { payOrderReturnPath } from '../../../shared/routes';
import { WebhookVerificationError } from '../../adapters/payments/payment-provider';
import type { Deps } from '../../deps';
import { invalid, notFound } from '../../errors';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';

export type ProviderName = 'sandbox' | 'stripe';

/** Webhooks of the payment providers and the sandbox's own checkout page. */
export function createPaymentsService(deps: Deps, svc: { payOrders: PayOrdersService }) {
  const provider = deps.payments;

  return {
    /**
     * A provider's webhook, verified on its raw bytes, then applied once. A bad signature or a
     * stale timestamp is a 400 and changes nothing.
     */
    async receiveWebhook(name: ProviderName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
      // Only the configured provider has a secret to check against; the other route does not exist.
      if (provider.name !== name) throw notFound('找不到此介面');
      let event;
      try {
        event = provider.verifyWebhook(rawBody, headers);
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        deps.log.warn({ provider: name, reason: err.message }, 'webhook rejected');
        throw invalid('Webhook 簽名無效或已過期');
      }
      const outcome = await svc.payOrders.applyWebhook(name, event);
      return { received: true, outcome };
    },

    /** What the sandbox checkout page shows; null when there is no such sandbox order. */
    async sandboxPage(orderNo: string) {
      if (provider.name !== 'sandbox') return null;
      const order = await svc.payOrders.sandboxCheckout(orderNo);
      if (!order) return null;
      return { order, amountText: formatHkd(order.amount), returnUrl: payOrderReturnPath(order) };
    },

    /**
     * The buyer pressed 確認付款 on the sandbox page: the sandbox records the charge and answers
     * the signed webhook for the caller to deliver. Null when the order cannot be paid any more.
     */
    async sandboxConfirm(orderNo: string) {
      if (provider.name !== 'sandbox') return null;
      const order = await svc.payOrders.sandboxCheckout(orderNo);
      if (!order) return null;
      const returnUrl = payOrderReturnPath(order);
      if (order.status !== 'pending') return { webhook: null, returnUrl, status: order.status };
      const row = (await svc.payOrders.sandboxOrder(orderNo))!;
      const webhook = await provider.pay({
        checkoutId: row.providerRef!,
        orderNo: row.orderNo,
        amountCents: row.amountCents,
      });
      return { webhook, returnUrl, status: order.status };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

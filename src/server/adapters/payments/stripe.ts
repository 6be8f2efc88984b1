import Stripe from 'stripe';
import type { Clock } from '../clock';
import { PaymentMissingError, ProviderUnavailableError, WebhookVerificationError } from './payment-provider';
import type { PaymentProviderBase, ProviderPayment, WebhookEvent } from './payment-provider';

export interface StripeProvider extends PaymentProviderBase {
  readonly name: 'stripe';
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A different API origin (a local fake in tests), e.g. http://127.0.0.1:4010. */
  apiBase?: string;
  clock: Clock;
}

/** Stripe requires a Checkout Session to stay open at least 30 minutes; ours expire first (docs/decisions). */
const SESSION_MIN_LIFETIME_S = 30 * 60 + 60;

function paymentOf(session: Stripe.Checkout.Session): ProviderPayment | null {
  if (session.payment_status !== 'paid') return null;
  const pi = session.payment_intent;
  return {
    providerRef: session.id,
    orderNo: session.metadata?.orderNo ?? session.client_reference_id ?? null,
    amountCents: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
    paymentRef: typeof pi === 'string' ? pi : (pi?.id ?? null),
  };
}

/** Stripe Checkout in HKD through the official SDK; webhooks verified on the raw body. */
export function createStripeProvider(opts: StripeOptions): StripeProvider {
  const base = opts.apiBase ? new URL(opts.apiBase) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  const unavailable = (err: unknown) => new ProviderUnavailableError('stripe request failed', { cause: err });

  return {
    name: 'stripe',
    methodLabel: '信用卡',

    async createCheckout(input) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            currency: 'hkd',
            line_items: [
              {
                quantity: input.quantity,
                price_data: {
                  currency: 'hkd',
                  unit_amount: input.unitAmountCents,
                  product_data: { name: input.itemName },
                },
              },
            ],
            client_reference_id: input.orderNo,
            metadata: { orderNo: input.orderNo },
            payment_intent_data: { metadata: { orderNo: input.orderNo } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            locale: 'zh-HK',
            expires_at: Math.floor(opts.clock.now().getTime() / 1000) + SESSION_MIN_LIFETIME_S,
          },
          // One session per order even when our call is retried.
          { idempotencyKey: `checkout-${input.orderNo}` },
        );
        if (!session.url) throw new Error('session without url');
        return { providerRef: session.id, payUrl: session.url };
      } catch (err) {
        throw unavailable(err);
      }
    },

    localCheckout: () => null,

    async retrievePayment(providerRef) {
      try {
        return paymentOf(await stripe.checkout.sessions.retrieve(providerRef));
      } catch (err) {
        throw unavailable(err);
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: input.paymentRef, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`refund ${refund.status}`);
        return { refundRef: refund.id };
      } catch (err) {
        // No such payment intent (`resource_missing`): a retry would be refused the same way.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')
          throw new PaymentMissingError(`stripe has no payment ${input.paymentRef}`, { cause: err });
        throw unavailable(err);
      }
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookVerificationError('missing signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookVerificationError(err instanceof Error ? err.message : 'bad signature');
      }
      const paidTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
      const payment = paidTypes.includes(event.type) ? paymentOf(event.data.object as Stripe.Checkout.Session) : null;
      return { eventId: event.id, eventType: event.type, payment };
    },
  };
}

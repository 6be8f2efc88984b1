import type { Clock } from '../clock';
import type { Keys } from '../keys';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { createSandboxProvider, type SandboxProvider } from './sandbox';
import { createStripeProvider, type StripeProvider } from './stripe';

export type PaymentProvider = SandboxProvider | StripeProvider;

/** The payment provider the configuration names (PAYMENT_PROVIDER, sandbox by default). */
export function createPaymentProvider(config: Config, db: Executor, clock: Clock, keys: Keys): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiBase: config.STRIPE_API_BASE,
      clock,
    });
  }
  return createSandboxProvider({ db, clock, webhookKey: keys.key('sandboxWebhook'), publicUrl: config.publicUrl });
}

import type { Clock } from '../clock';
import type { Keys } from '../keys';
import { createSandboxProvider, type SandboxBank, type SandboxProvider } from './sandbox';
import { createStripeProvider, type StripeProvider } from './stripe';

export type PaymentProvider = SandboxProvider | StripeProvider;

/** The settings the provider is chosen and configured by (a plain subset of the parsed configuration). */
export interface PaymentOptions {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  publicUrl: string;
}

/**
 * The payment provider the options name (PAYMENT_PROVIDER, sandbox by default). The sandbox keeps its "bank side"
 * through `bank` (the payments module's table, modules/payments/sandbox-bank.repository.ts).
 */
export function createPaymentProvider(
  options: PaymentOptions,
  bank: SandboxBank,
  clock: Clock,
  keys: Keys,
): PaymentProvider {
  if (options.PAYMENT_PROVIDER === 'stripe') {
    return createStripeProvider({
      secretKey: options.STRIPE_SECRET_KEY!,
      webhookSecret: options.STRIPE_WEBHOOK_SECRET!,
      apiBase: options.STRIPE_API_BASE,
      clock,
    });
  }
  return createSandboxProvider({ bank, clock, webhookKey: keys.key('sandboxWebhook'), publicUrl: options.publicUrl });
}

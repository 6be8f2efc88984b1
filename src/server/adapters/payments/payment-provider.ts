/** What the pay-order service asks of any payment provider (STYLE.md §8: every outside thing behind an adapter). */
export interface CheckoutInput {
  orderNo: string;
  itemName: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
  /** Where the provider sends the buyer back after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  /** The provider's id of this checkout (sandbox checkout id, Stripe Checkout Session id). */
  providerRef: string;
  payUrl: string;
}

/** A payment the provider says it received for a checkout. */
export interface ProviderPayment {
  providerRef: string;
  /** Our order number as the provider echoes it back (metadata); null when absent. */
  orderNo: string | null;
  amountCents: number;
  currency: string;
  /** The provider's id of the payment itself (sandbox charge, Stripe payment intent). */
  paymentRef: string | null;
}

export interface RefundInput {
  /** The checkout the payment was made at. */
  providerRef: string;
  /** The payment to refund (sandbox charge, Stripe payment intent). */
  paymentRef: string;
  amountCents: number;
  idempotencyKey: string;
}

/** A verified webhook: its id for de-duplication and, when it reports a payment, the payment. */
export interface WebhookEvent {
  eventId: string;
  eventType: string;
  payment: ProviderPayment | null;
}

/** Thrown for a webhook whose signature or timestamp does not check out; nothing may change. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Thrown when the provider cannot be reached or refuses the request. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** Thrown by `refund` when the provider has no such payment (never made, or not on this account): asking again cannot help. */
export class PaymentMissingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentMissingError';
  }
}

export interface PaymentProviderBase {
  /** The payment method label shown on the pay screen. */
  readonly methodLabel: string;
  /** Opens a checkout for an order; called after the reservation is committed. */
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /**
   * For providers whose checkout needs no network call (the sandbox): the checkout computed
   * locally, so the order is stored with it in the reservation transaction. Null otherwise. `origin`: the server's
   * address as the buyer reached it (PUBLIC_URL by default).
   */
  localCheckout(orderNo: string, origin?: string): Checkout | null;
  /** Asks the provider whether a checkout was paid (payCheck reconciliation). */
  retrievePayment(providerRef: string): Promise<ProviderPayment | null>;
  /**
   * Pays a received payment back in full (refund records, decision 025). Idempotent on `idempotencyKey`: a retry
   * answers the same refund. Throws PaymentMissingError when the provider has no such payment, and
   * ProviderUnavailableError when it cannot be reached or refuses otherwise.
   */
  refund(input: RefundInput): Promise<{ refundRef: string }>;
  /** Verifies a webhook on its raw bytes; throws WebhookVerificationError when it does not check out. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

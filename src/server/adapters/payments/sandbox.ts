import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock';
import { newId } from '../ids';
import { PaymentMissingError, WebhookVerificationError } from './payment-provider';
import type { PaymentProviderBase, ProviderPayment, WebhookEvent } from './payment-provider';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "${t}.${rawBody}">`. */
export const SANDBOX_SIGNATURE_HEADER = 'trove-signature';
/** A webhook older (or further in the future) than this is rejected. */
export const SANDBOX_WEBHOOK_TOLERANCE_S = 5 * 60;

const SandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({
    checkoutId: z.string().min(1),
    orderNo: z.string().min(1),
    chargeId: z.string().min(1),
    amountCents: z.number().int().nonnegative(),
    currency: z.string(),
  }),
});
export type SandboxEvent = z.infer<typeof SandboxEventSchema>;

export interface SandboxProvider extends PaymentProviderBase {
  readonly name: 'sandbox';
  /**
   * The buyer confirmed on the sandbox checkout page: records the charge (once per checkout) and
   * answers the webhook to deliver, body and headers, exactly as a real provider would send it.
   */
  pay(input: {
    checkoutId: string;
    orderNo: string;
    amountCents: number;
  }): Promise<{ body: string; headers: Record<string, string> }>;
  /** The signature header for a body at a time (also used by tests to forge or replay). */
  sign(rawBody: string | Buffer, timestampS: number): string;
}

/** A charge the sandbox took for a checkout. */
export interface SandboxCharge {
  id: string;
  orderNo: string;
  amountCents: number;
  refundId: string | null;
}

/** The sandbox's "bank side": the charges it took, kept by the payments module (this adapter owns no table). */
export interface SandboxBank {
  /** Records a charge for a checkout unless it has one. */
  addCharge(row: {
    id: string;
    checkoutId: string;
    orderNo: string;
    amountCents: number;
    createdAt: Date;
  }): Promise<void>;
  /** The charge of a checkout, if it was paid. */
  chargeOf(checkoutId: string): Promise<SandboxCharge | null>;
  /** Marks a charge refunded (once: a repeat answers the first refund id); null when there is no such charge. */
  refund(input: { checkoutId: string; chargeId: string; refundId: string; at: Date }): Promise<string | null>;
}

export interface SandboxOptions {
  bank: SandboxBank;
  clock: Clock;
  /** The sandbox-webhook key derived from APP_SECRET (adapters/keys.ts). */
  webhookKey: Buffer;
  publicUrl: string;
}

/** The local payment provider: a checkout page served by this server and HMAC-signed webhooks. */
export function createSandboxProvider(opts: SandboxOptions): SandboxProvider {
  const key = opts.webhookKey;
  const mac = (timestampS: number, rawBody: string | Buffer) =>
    createHmac('sha256', key).update(`${timestampS}.`).update(rawBody).digest();

  function sign(rawBody: string | Buffer, timestampS: number): string {
    return `t=${timestampS},v1=${mac(timestampS, rawBody).toString('hex')}`;
  }

  const findCharge = (checkoutId: string) => opts.bank.chargeOf(checkoutId);

  return {
    name: 'sandbox',
    methodLabel: '模擬付款',

    async createCheckout(input) {
      return this.localCheckout(input.orderNo)!;
    },

    localCheckout(orderNo, origin = opts.publicUrl) {
      return { providerRef: newId('sbx_cs'), payUrl: `${origin}/pay/sandbox/${encodeURIComponent(orderNo)}` };
    },

    async retrievePayment(providerRef): Promise<ProviderPayment | null> {
      const charge = await findCharge(providerRef);
      if (!charge) return null;
      return {
        providerRef,
        orderNo: charge.orderNo,
        amountCents: charge.amountCents,
        currency: 'HKD',
        paymentRef: charge.id,
      };
    },

    async pay(input) {
      const now = opts.clock.now();
      await opts.bank.addCharge({
        id: newId('sbx_ch'),
        checkoutId: input.checkoutId,
        orderNo: input.orderNo,
        amountCents: input.amountCents,
        createdAt: now,
      });
      const charge = (await findCharge(input.checkoutId))!;
      const event: SandboxEvent = {
        // One charge, one event id: paying twice re-sends the same event, which is applied once.
        id: `evt_${charge.id}`,
        type: 'payment.succeeded',
        created: Math.floor(now.getTime() / 1000),
        data: {
          checkoutId: input.checkoutId,
          orderNo: charge.orderNo,
          chargeId: charge.id,
          amountCents: charge.amountCents,
          currency: 'HKD',
        },
      };
      const body = JSON.stringify(event);
      return {
        body,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(body, event.created) },
      };
    },

    sign,

    async refund(input) {
      const refundId = await opts.bank.refund({
        checkoutId: input.providerRef,
        chargeId: input.paymentRef,
        refundId: newId('sbx_re'),
        at: opts.clock.now(),
      });
      if (!refundId) throw new PaymentMissingError(`sandbox has no charge ${input.paymentRef}`);
      return { refundRef: refundId };
    },

    verifyWebhook(rawBody, headers): WebhookEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new WebhookVerificationError('missing signature');
      const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
      const t = Number(parts.get('t'));
      const v1 = parts.get('v1') ?? '';
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) throw new WebhookVerificationError('malformed signature');
      const expected = mac(t, rawBody);
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new WebhookVerificationError('bad signature');
      const nowS = Math.floor(opts.clock.now().getTime() / 1000);
      if (Math.abs(nowS - t) > SANDBOX_WEBHOOK_TOLERANCE_S) throw new WebhookVerificationError('stale timestamp');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookVerificationError('body is not JSON');
      }
      const parsed = SandboxEventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookVerificationError('unexpected event shape');
      const e = parsed.data;
      const payment =
        e.type === 'payment.succeeded'
          ? {
              providerRef: e.data.checkoutId,
              orderNo: e.data.orderNo,
              amountCents: e.data.amountCents,
              currency: e.data.currency,
              paymentRef: e.data.chargeId,
            }
          : null;
      return { eventId: e.id, eventType: e.type, payment };
    },
  };
}

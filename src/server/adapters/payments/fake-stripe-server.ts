import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBase32 } from '../ids';

/** The part of a Checkout Session the fake keeps (the fields our adapter reads). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  currency: string;
  amount_total: number;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  url: string;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:PORT, for STRIPE_API_BASE. */
  url: string;
  sessions: Map<string, FakeSession>;
  /** Requests seen, as "METHOD path". */
  requests: string[];
  /** Refunds made, by id: payment intent, amount and the idempotency key they were made with. */
  refunds: Map<string, { payment_intent: string; amount: number; key: string | null }>;
  /** The next refund request is refused as Stripe refuses one (e.g. already refunded). */
  refuseNextRefund: { on: boolean };
  /** The buyer pays at Stripe: the session becomes complete and paid. */
  markPaid(id: string): FakeSession;
  /** A `checkout.session.completed` event for a session, as Stripe would post it. */
  completedEvent(
    id: string,
    eventId?: string,
  ): { id: string; object: 'event'; type: string; created: number; data: { object: FakeSession } };
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small local stand-in for the Stripe endpoints the adapter calls: create and retrieve a Checkout Session, and
 * create a refund (idempotent on its Idempotency-Key, refused beyond the amount paid). Checks the secret key and the form encoding as Stripe does.
 */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: string[] = [];
  const refunds = new Map<string, { payment_intent: string; amount: number; key: string | null }>();
  const refuseNextRefund = { on: false };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBase32(12)}` });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push(`${req.method} ${path}`);
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await readBody(req));
        const quantity = Number(form.get('line_items[0][quantity]'));
        const unit = Number(form.get('line_items[0][price_data][unit_amount]'));
        if (
          form.get('line_items[0][price_data][currency]') !== 'hkd' ||
          !Number.isInteger(quantity) ||
          !Number.isInteger(unit)
        ) {
          return send(res, 400, { error: { type: 'invalid_request_error', message: 'bad line items' } });
        }
        const id = `cs_test_${randomBase32(24)}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode: form.get('mode') ?? '',
          currency: 'hkd',
          amount_total: quantity * unit,
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          client_reference_id: form.get('client_reference_id'),
          metadata,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          expires_at: Number(form.get('expires_at')),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(res, 200, session);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const form = new URLSearchParams(await readBody(req));
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        const same = [...refunds].find(([, r]) => key && r.key === key);
        if (same) return send(res, 200, { id: same[0], object: 'refund', status: 'succeeded', ...same[1] });
        const pi = form.get('payment_intent') ?? '';
        const session = [...sessions.values()].find((s) => s.payment_intent === pi);
        if (!session)
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'payment_intent',
              message: `No such payment_intent: '${pi}'`,
            },
          });
        const amount = Number(form.get('amount') ?? session.amount_total);
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === pi).reduce((n, r) => n + r.amount, 0);
        if (refuseNextRefund.on || amount + refunded > session.amount_total) {
          refuseNextRefund.on = false;
          return send(res, 400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded' } });
        }
        const id = `re_${randomBase32(24)}`;
        refunds.set(id, { payment_intent: pi, amount, key });
        return send(res, 200, { id, object: 'refund', status: 'succeeded', payment_intent: pi, amount });
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const session = sessions.get(decodeURIComponent(m[1]!));
        if (!session)
          return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return send(res, 200, session);
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    refuseNextRefund,
    markPaid(id) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      s.payment_status = 'paid';
      s.status = 'complete';
      s.payment_intent ??= `pi_${randomBase32(24)}`;
      return s;
    },
    completedEvent(id, eventId = `evt_${randomBase32(24)}`) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      return {
        id: eventId,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...s } },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

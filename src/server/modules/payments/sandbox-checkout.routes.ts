import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { typed } from '../../http';
import { renderSandboxCheckout, renderSandboxNotFound } from './sandbox-page';

const ParamsSchema = z.object({ orderNo: z.string().regex(/^TR[0-9A-Z]{8,24}$/) });
const WEBHOOK_PATH = '/api/payment/webhook/sandbox';

/**
 * Delivers the sandbox webhook to this server exactly as a provider would: by real HTTP when the
 * server listens, otherwise (tests with inject) through the same HTTP pipeline in-process.
 */
async function deliverToSelf(
  app: FastifyInstance,
  webhook: { body: string; headers: Record<string, string> },
): Promise<boolean> {
  const address = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
  try {
    if (address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? address.address === '::'
            ? '[::1]'
            : `[${address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      const res = await fetch(`http://${host}:${address.port}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
        signal: AbortSignal.timeout(10_000),
      });
      return res.ok;
    }
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: webhook.headers,
      payload: webhook.body,
    });
    return res.statusCode === 200;
  } catch (err) {
    app.log.warn({ err }, 'sandbox webhook delivery failed; payCheck will reconcile');
    return false;
  }
}

/** The sandbox provider's checkout (PRODUCT.md §4.3): GET shows the order, POST confirm pays it. */
export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { payments } = app.services;
  // The page posts an empty urlencoded form; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const html = (status: number, body: string) => ({ status, body });

  r.get('/pay/sandbox/:orderNo', { schema: { hide: true, params: ParamsSchema } }, async (req, res) => {
    const page = await payments.sandboxPage(req.params.orderNo);
    const out = page ? html(200, renderSandboxCheckout(page)) : html(404, renderSandboxNotFound());
    return res.status(out.status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(out.body);
  });

  r.post('/pay/sandbox/:orderNo/confirm', { schema: { hide: true, params: ParamsSchema } }, async (req, res) => {
    const result = await payments.sandboxConfirm(req.params.orderNo);
    if (!result)
      return res
        .status(404)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSandboxNotFound());
    if (result.webhook) await deliverToSelf(app, result.webhook);
    return res.redirect(result.returnUrl, 303);
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, reply, typed } from '../../http';

const WebhookAnswerSchema = z.object({ received: z.boolean(), outcome: z.string() });

/**
 * Provider webhooks under /api/payment/webhook/<provider>. Signatures are computed over the exact
 * bytes received, so JSON bodies reach these routes unparsed (this plugin only).
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const r = typed(app);
  const { payments } = app.services;
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  for (const name of ['sandbox', 'stripe'] as const) {
    r.post(
      `/payment/webhook/${name}`,
      { schema: { tags: ['payment'], response: reply(WebhookAnswerSchema) } },
      async (req) => ok(await payments.receiveWebhook(name, raw(req.body), req.headers)),
    );
  }
}

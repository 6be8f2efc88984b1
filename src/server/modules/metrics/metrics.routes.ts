import type { FastifyInstance } from 'fastify';
import { LiveDropQuerySchema, LiveDropSchema, LiveDropSeriesSchema } from '../../../shared/schemas/admin-live-drops';
import { z } from 'zod';
import { adminRoutes, bearerOf, ok, reply, requireAdmin } from '../../http';

/**
 * `GET /metrics`: Prometheus text for the scraper (`Authorization: Bearer $METRICS_TOKEN`) or an operator's session
 * (docs/decisions/045-metrics.md). Outside /api and the OpenAPI document, like /healthz: it is no JSON envelope.
 */
export async function metricsRoutes(app: FastifyInstance) {
  const { metrics } = app.services;
  app.get('/metrics', { schema: { hide: true } }, async (req, res) => {
    const text = await metrics.scrape(bearerOf(req), (token) => req.server.authenticate(token));
    return res.type(app.deps.metrics.contentType).send(text);
  });
}

/** The back office's live drop view: the drops on sale now, and one drop minute by minute (polled every few seconds). */
export async function adminLiveDropRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { metrics } = app.services;
  r.get('/admin/liveDrops', { schema: { tags: ['admin'], response: reply(z.array(LiveDropSchema)) } }, async (req) =>
    ok(await metrics.liveDrops(requireAdmin(req))),
  );
  r.get(
    '/admin/liveDrops/detail',
    { schema: { tags: ['admin'], querystring: LiveDropQuerySchema, response: reply(LiveDropSeriesSchema) } },
    async (req) => ok(await metrics.liveDrop(requireAdmin(req), req.query)),
  );
}

import type { FastifyInstance } from 'fastify';
import { DashboardQuerySchema, DashboardSchema } from '../../../shared/schemas/admin-dashboard';
import { adminArea, ok, reply, requireAdmin, typed } from '../../http';

/** `GET /api/admin/dashboard?days=30`: the back office's first screen (PRODUCT.md §8). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { dashboard } = app.services;
  app.addHook('onRequest', adminArea);

  r.get(
    '/admin/dashboard',
    { schema: { tags: ['admin'], querystring: DashboardQuerySchema, response: reply(DashboardSchema) } },
    async (req) => ok(await dashboard.get(requireAdmin(req), req.query)),
  );
}

import type { FastifyInstance } from 'fastify';
import { DashboardQuerySchema, DashboardSchema } from '../../../shared/schemas/admin-dashboard';
import { adminRoutes, ok, reply, requireAdmin } from '../../http';

/** `GET /api/admin/dashboard?days=30`: the back office's first screen (PRODUCT.md §8). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { dashboard } = app.services;

  r.get(
    '/admin/dashboard',
    { schema: { tags: ['admin'], querystring: DashboardQuerySchema, response: reply(DashboardSchema) } },
    async (req) => ok(await dashboard.get(requireAdmin(req), req.query)),
  );
}

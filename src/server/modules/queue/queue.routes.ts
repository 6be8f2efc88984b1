import type { FastifyInstance } from 'fastify';
import {
  AdminQueueRateSchema,
  AdminQueueSchema,
  DropKeySchema,
  QueueReportSchema,
  QueueStatusSchema,
} from '../../../shared/schemas/queue';
import { adminRoutes, ok, reply, requireAdmin, requireUser, typed } from '../../http';

/** The waiting room of hot drops (issue 25, docs/decisions/044-waiting-room.md). */
export async function queueRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { queue } = app.services;
  const tags = ['queue'];

  r.post('/queue/join', { schema: { tags, body: DropKeySchema, response: reply(QueueStatusSchema) } }, async (req) =>
    ok(await queue.join(requireUser(req), req.body), '已加入排隊'),
  );
  r.get(
    '/queue/status',
    { schema: { tags, querystring: DropKeySchema, response: reply(QueueStatusSchema) } },
    async (req) => ok(await queue.status(requireUser(req), req.query)),
  );
  // Public: counts only, the same for everyone.
  r.get(
    '/queue/report',
    { schema: { tags, querystring: DropKeySchema, response: reply(QueueReportSchema) } },
    async (req) => ok(await queue.report(req.query)),
  );
}

/** The operator's side: a drop's queue and report, and its admission rate. */
export async function adminQueueRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { queue } = app.services;
  const tags = ['admin'];
  r.get(
    '/admin/queue',
    { schema: { tags, querystring: DropKeySchema, response: reply(AdminQueueSchema) } },
    async (req) => ok(await queue.adminQueue(requireAdmin(req), req.query)),
  );
  r.post(
    '/admin/queue/rate',
    { schema: { tags, body: AdminQueueRateSchema, response: reply(AdminQueueSchema) } },
    async (req) => ok(await queue.setRate(requireAdmin(req), req.body), '已更新放行速度'),
  );
}

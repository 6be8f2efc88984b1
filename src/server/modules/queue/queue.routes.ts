import type { FastifyInstance } from 'fastify';
import {
  AdminQueueRateSchema,
  AdminQueueSchema,
  DropKeySchema,
  QueueReportSchema,
  QueueStatusSchema,
} from '../../../shared/schemas/queue';
import { adminApi, ok, reply, requireUser, typed } from '../../http';

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
  const api = adminApi(app);
  const { queue } = app.services;
  api.get('/admin/queue', { querystring: DropKeySchema, data: AdminQueueSchema }, (op, q) => queue.adminQueue(op, q));
  api.post(
    '/admin/queue/rate',
    { body: AdminQueueRateSchema, data: AdminQueueSchema, msg: '已更新放行速度' },
    (op, b) => queue.setRate(op, b),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  AlertListQuerySchema,
  AlertPageSchema,
  AlertSchema,
  CreateAlertBodySchema,
  DeletedAlertSchema,
  DeleteAlertBodySchema,
} from '../../../shared/schemas/alerts';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** Price alerts (issue 23, docs/decisions/039-price-alerts.md): the signed-in user's own, and nobody else's. */
export async function alertRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { alerts } = app.services;
  const tags = ['alert'];

  r.post(
    '/alert/create',
    { schema: { tags, body: CreateAlertBodySchema, response: reply(AlertSchema) } },
    async (req) => ok(await alerts.create(requireUser(req), req.body)),
  );
  r.post(
    '/alert/delete',
    { schema: { tags, body: DeleteAlertBodySchema, response: reply(DeletedAlertSchema) } },
    async (req) => ok(await alerts.remove(requireUser(req), req.body.id)),
  );
  r.get(
    '/alert/list',
    { schema: { tags, querystring: AlertListQuerySchema, response: reply(AlertPageSchema) } },
    async (req) => ok(await alerts.list(requireUser(req), req.query)),
  );
}

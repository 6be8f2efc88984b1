import type { FastifyInstance } from 'fastify';
import {
  AlertListQuerySchema,
  AlertPageSchema,
  AlertSchema,
  CreateAlertBodySchema,
  DeletedAlertSchema,
  DeleteAlertBodySchema,
} from '../../../shared/schemas/alerts';
import { userApi } from '../../http';

/** Price alerts (issue 23, docs/decisions/039-price-alerts.md): the signed-in user's own, and nobody else's. */
export async function alertRoutes(app: FastifyInstance) {
  const api = userApi(app, ['alert']);
  const { alerts } = app.services;

  api.post('/alert/create', { body: CreateAlertBodySchema, data: AlertSchema }, (u, b) => alerts.create(u, b));
  api.post('/alert/delete', { body: DeleteAlertBodySchema, data: DeletedAlertSchema }, (u, b) =>
    alerts.remove(u, b.id),
  );
  api.get('/alert/list', { querystring: AlertListQuerySchema, data: AlertPageSchema }, (u, q) => alerts.list(u, q));
}

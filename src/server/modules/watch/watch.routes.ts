import type { FastifyInstance } from 'fastify';
import {
  WatchBodySchema,
  WatchItemSchema,
  WatchListQuerySchema,
  WatchStateQuerySchema,
  WatchStateSchema,
  WatchToggleSchema,
} from '../../../shared/schemas/watch';
import { z } from 'zod';
import { userApi } from '../../http';

/** The watchlist (issue 22, docs/decisions/033-watchlist.md): the signed-in user's own, and nobody else's. */
export async function watchRoutes(app: FastifyInstance) {
  const api = userApi(app, ['watch']);
  const { watch } = app.services;

  api.post('/watch/add', { body: WatchBodySchema, data: WatchToggleSchema }, (u, b) => watch.add(u, b));
  api.post('/watch/remove', { body: WatchBodySchema, data: WatchToggleSchema }, (u, b) => watch.remove(u, b));
  api.get('/watch/state', { querystring: WatchStateQuerySchema, data: WatchStateSchema }, (u, q) => watch.state(u, q));
  api.get('/watch/list', { querystring: WatchListQuerySchema, data: z.array(WatchItemSchema) }, (u, q) =>
    watch.list(u, q),
  );
}

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
import { ok, reply, requireUser, userRoutes } from '../../http';

/** The watchlist (issue 22, docs/decisions/033-watchlist.md): the signed-in user's own, and nobody else's. */
export async function watchRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { watch } = app.services;
  const tags = ['watch'];

  r.post('/watch/add', { schema: { tags, body: WatchBodySchema, response: reply(WatchToggleSchema) } }, async (req) =>
    ok(await watch.add(requireUser(req), req.body)),
  );
  r.post(
    '/watch/remove',
    { schema: { tags, body: WatchBodySchema, response: reply(WatchToggleSchema) } },
    async (req) => ok(await watch.remove(requireUser(req), req.body)),
  );
  r.get(
    '/watch/state',
    { schema: { tags, querystring: WatchStateQuerySchema, response: reply(WatchStateSchema) } },
    async (req) => ok(await watch.state(requireUser(req), req.query)),
  );
  r.get(
    '/watch/list',
    { schema: { tags, querystring: WatchListQuerySchema, response: reply(z.array(WatchItemSchema)) } },
    async (req) => ok(await watch.list(requireUser(req), req.query)),
  );
}

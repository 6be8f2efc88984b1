import type { FastifyInstance } from 'fastify';
import {
  SearchQuerySchema,
  SearchResultSchema,
  SuggestQuerySchema,
  SuggestResultSchema,
} from '../../../shared/schemas/search';
import { ok, reply, typed } from '../../http';

/**
 * Search (issue 22): public, rate-limited like every API read; the signed-in caller (when there is one) only matters
 * to 「我未擁有」, so no answer is marked public for HTTP caches (the service keeps the others in memory).
 */
export async function searchRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { search } = app.services;
  const tags = ['search'];

  r.get(
    '/search',
    { schema: { tags, querystring: SearchQuerySchema, response: reply(SearchResultSchema) } },
    async (req) => ok(await search.search(req.actor, req.query)),
  );

  r.get(
    '/search/suggest',
    { schema: { tags, querystring: SuggestQuerySchema, response: reply(SuggestResultSchema) } },
    async (req) => ok(await search.suggest(req.query.q)),
  );
}

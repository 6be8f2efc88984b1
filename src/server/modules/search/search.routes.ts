import type { FastifyInstance } from 'fastify';
import {
  SearchQuerySchema,
  SearchResultSchema,
  SuggestQuerySchema,
  SuggestResultSchema,
} from '../../../shared/schemas/search';
import { publicApi } from '../../http';

/**
 * Search (issue 22): public, rate-limited like every API read; the signed-in caller (when there is one) only matters
 * to 「我未擁有」, so no answer is marked public for HTTP caches (the service keeps the others in memory).
 */
export async function searchRoutes(app: FastifyInstance) {
  const api = publicApi(app, ['search']);
  const { search } = app.services;

  api.get('/search', { querystring: SearchQuerySchema, data: SearchResultSchema }, (actor, q) =>
    search.search(actor, q),
  );
  api.get('/search/suggest', { querystring: SuggestQuerySchema, data: SuggestResultSchema }, (_, q) =>
    search.suggest(q.q),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  PortfolioHistoryQuerySchema,
  PortfolioHistorySchema,
  PortfolioSummarySchema,
} from '../../../shared/schemas/portfolio';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** What a collection is worth (issue 24): the signed-in user's own, and nobody else's. */
export async function portfolioRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { portfolio } = app.services;
  const tags = ['portfolio'];

  r.get('/portfolio/summary', { schema: { tags, response: reply(PortfolioSummarySchema) } }, async (req) =>
    ok(await portfolio.summary(requireUser(req))),
  );
  r.get(
    '/portfolio/history',
    { schema: { tags, querystring: PortfolioHistoryQuerySchema, response: reply(PortfolioHistorySchema) } },
    async (req) => ok(await portfolio.history(requireUser(req), req.query)),
  );
}

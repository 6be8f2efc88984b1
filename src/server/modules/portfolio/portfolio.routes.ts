import type { FastifyInstance } from 'fastify';
import {
  PortfolioHistoryQuerySchema,
  PortfolioHistorySchema,
  PortfolioSummarySchema,
} from '../../../shared/schemas/portfolio';
import { userApi } from '../../http';

/** What a collection is worth (issue 24): the signed-in user's own, and nobody else's. */
export async function portfolioRoutes(app: FastifyInstance) {
  const api = userApi(app, ['portfolio']);
  const { portfolio } = app.services;

  api.get('/portfolio/summary', { data: PortfolioSummarySchema }, (u) => portfolio.summary(u));
  api.get('/portfolio/history', { querystring: PortfolioHistoryQuerySchema, data: PortfolioHistorySchema }, (u, q) =>
    portfolio.history(u, q),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ArticleListQuerySchema, ArticleSchema, ArticleSummarySchema, BannerSchema, PrivacySchema } from '../../../shared/schemas/content';
import { IdQuerySchema } from '../../../shared/envelope';
import { ok, reply, typed } from '../../http';

export async function contentRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { content } = app.services;

  r.get('/banner', { schema: { tags: ['content'], response: reply(z.array(BannerSchema)) } }, async () => ok(await content.banners()));

  r.get('/article/list', { schema: { tags: ['content'], querystring: ArticleListQuerySchema, response: reply(z.array(ArticleSummarySchema)) } }, async (req) =>
    ok(await content.articles(req.query)),
  );

  r.get('/article/detail', { schema: { tags: ['content'], querystring: IdQuerySchema, response: reply(ArticleSchema) } }, async (req) =>
    ok(await content.article(req.query.id)),
  );

  r.get('/privacy/info', { schema: { tags: ['content'], response: reply(PrivacySchema) } }, async () => ok(await content.privacy()));
}

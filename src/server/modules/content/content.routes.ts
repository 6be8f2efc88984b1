import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ArticleListQuerySchema,
  ArticleSchema,
  ArticleSummarySchema,
  BannerSchema,
  PrivacySchema,
} from '../../../shared/schemas/content';
import { IdQuerySchema } from '../../../shared/envelope';
import { ok, PUBLIC_CONTENT, reply, typed } from '../../http';
import { CONTENT_TAG } from './content.service';

export async function contentRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { content } = app.services;

  // The same for every caller: cacheable for a minute; the server answers from memory until an
  // operator's edit or a publication time changes them.
  const config = { cache: PUBLIC_CONTENT, publicCache: CONTENT_TAG };

  r.get('/banner', { config, schema: { tags: ['content'], response: reply(z.array(BannerSchema)) } }, async () =>
    ok(await content.banners()),
  );

  r.get(
    '/article/list',
    {
      config,
      schema: {
        tags: ['content'],
        querystring: ArticleListQuerySchema,
        response: reply(z.array(ArticleSummarySchema)),
      },
    },
    async (req) => ok(await content.articles(req.query)),
  );

  r.get(
    '/article/detail',
    { config, schema: { tags: ['content'], querystring: IdQuerySchema, response: reply(ArticleSchema) } },
    async (req) => ok(await content.article(req.query.id)),
  );

  r.get('/privacy/info', { config, schema: { tags: ['content'], response: reply(PrivacySchema) } }, async () =>
    ok(await content.privacy()),
  );
}

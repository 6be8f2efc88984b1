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
import { PUBLIC_CONTENT, publicApi } from '../../http';
import { CONTENT_TAG } from './content.service';

export async function contentRoutes(app: FastifyInstance) {
  const api = publicApi(app, ['content']);
  const { content } = app.services;

  // The same for every caller: cacheable for a minute; the server answers from memory until an
  // operator's edit or a publication time changes them.
  const config = { cache: PUBLIC_CONTENT, publicCache: CONTENT_TAG };

  api.get('/banner', { config, data: z.array(BannerSchema) }, () => content.banners());

  api.get(
    '/article/list',
    { config, querystring: ArticleListQuerySchema, data: z.array(ArticleSummarySchema) },
    (_, q) => content.articles(q),
  );

  api.get('/article/detail', { config, querystring: IdQuerySchema, data: ArticleSchema }, (_, q) =>
    content.article(q.id),
  );

  api.get('/privacy/info', { config, data: PrivacySchema }, () => content.privacy());
}

import type { FastifyInstance } from 'fastify';
import {
  AdminArticleCreateSchema,
  AdminArticleListQuerySchema,
  AdminArticleSchema,
  AdminArticleSummarySchema,
  AdminArticleUpdateSchema,
  AdminBannerCreateSchema,
  AdminBannerListQuerySchema,
  AdminBannerSchema,
  AdminBannerUpdateSchema,
  AdminPrivacyCreateSchema,
  AdminPrivacyListQuerySchema,
  AdminPrivacySchema,
  AdminPrivacyUpdateSchema,
} from '../../../shared/schemas/admin-content';
import { AdminIdBodySchema, AdminIdQuerySchema } from '../../../shared/schemas/admin-common';
import { adminList, adminRoutes, ok, reply, requireAdmin } from '../../http';

/** Operators' content (PRODUCT.md §8): banners, articles with drafts, privacy policy versions, under /api/admin/. */
export async function adminContentRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { contentAdmin: svc } = app.services;
  const tags = ['admin'];

  adminList(
    r,
    '/admin/banners',
    { querystring: AdminBannerListQuerySchema, row: AdminBannerSchema },
    (operator, query) => svc.listBanners(operator, query),
  );
  r.post(
    '/admin/banners/create',
    { schema: { tags, body: AdminBannerCreateSchema, response: reply(AdminBannerSchema) } },
    async (req) => ok(await svc.createBanner(requireAdmin(req), req.body), '已建立橫額'),
  );
  r.post(
    '/admin/banners/update',
    { schema: { tags, body: AdminBannerUpdateSchema, response: reply(AdminBannerSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updateBanner(requireAdmin(req), id, patch), '已更新橫額');
    },
  );
  r.post(
    '/admin/banners/delete',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminBannerSchema) } },
    async (req) => ok(await svc.deleteBanner(requireAdmin(req), req.body.id), '已刪除橫額'),
  );

  adminList(
    r,
    '/admin/articles',
    { querystring: AdminArticleListQuerySchema, row: AdminArticleSummarySchema },
    (operator, query) => svc.listArticles(operator, query),
  );
  r.get(
    '/admin/articles/detail',
    { schema: { tags, querystring: AdminIdQuerySchema, response: reply(AdminArticleSchema) } },
    async (req) => ok(await svc.article(requireAdmin(req), req.query.id)),
  );
  r.post(
    '/admin/articles/create',
    { schema: { tags, body: AdminArticleCreateSchema, response: reply(AdminArticleSchema) } },
    async (req) => ok(await svc.createArticle(requireAdmin(req), req.body), '已建立文章'),
  );
  r.post(
    '/admin/articles/update',
    { schema: { tags, body: AdminArticleUpdateSchema, response: reply(AdminArticleSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updateArticle(requireAdmin(req), id, patch), '已更新文章');
    },
  );
  r.post(
    '/admin/articles/delete',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminArticleSchema) } },
    async (req) => ok(await svc.deleteArticle(requireAdmin(req), req.body.id), '已刪除文章'),
  );

  adminList(
    r,
    '/admin/privacy',
    { querystring: AdminPrivacyListQuerySchema, row: AdminPrivacySchema },
    (operator, query) => svc.listPrivacy(operator, query),
  );
  r.post(
    '/admin/privacy/create',
    { schema: { tags, body: AdminPrivacyCreateSchema, response: reply(AdminPrivacySchema) } },
    async (req) => ok(await svc.createPrivacy(requireAdmin(req), req.body), '已建立草稿'),
  );
  r.post(
    '/admin/privacy/update',
    { schema: { tags, body: AdminPrivacyUpdateSchema, response: reply(AdminPrivacySchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updatePrivacy(requireAdmin(req), id, patch), '已更新草稿');
    },
  );
  r.post(
    '/admin/privacy/publish',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminPrivacySchema) } },
    async (req) => ok(await svc.publishPrivacy(requireAdmin(req), req.body.id), '已發佈，此版本即時生效'),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdminCardInfoCreateSchema,
  AdminCardInfoListQuerySchema,
  AdminCardInfoSchema,
  AdminCardInfoUpdateSchema,
  AdminDropQuerySchema,
  AdminDropSchema,
  AdminProductCreateSchema,
  AdminProductListQuerySchema,
  AdminProductSchema,
  AdminProductUpdateSchema,
  AdminThemeCreateSchema,
  AdminThemeListQuerySchema,
  AdminThemeSchema,
  AdminThemeUpdateSchema,
} from '../../../shared/schemas/admin-catalogue';
import { AdminIdBodySchema, AdminIdQuerySchema } from '../../../shared/schemas/admin-common';
import { adminList, adminRoutes, ok, reply, requireAdmin } from '../../http';

/** Operators' catalogue (PRODUCT.md §8): themes, card infos, products and the drop calendar, under /api/admin/. */
export async function adminCatalogueRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { catalogueAdmin: svc } = app.services;
  const tags = ['admin'];

  adminList(r, '/admin/themes', { querystring: AdminThemeListQuerySchema, row: AdminThemeSchema }, (operator, query) =>
    svc.listThemes(operator, query),
  );
  r.get(
    '/admin/themes/detail',
    { schema: { tags, querystring: AdminIdQuerySchema, response: reply(AdminThemeSchema) } },
    async (req) => ok(await svc.theme(requireAdmin(req), req.query.id)),
  );
  r.post(
    '/admin/themes/create',
    { schema: { tags, body: AdminThemeCreateSchema, response: reply(AdminThemeSchema) } },
    async (req) => ok(await svc.createTheme(requireAdmin(req), req.body), '已建立卡冊'),
  );
  r.post(
    '/admin/themes/update',
    { schema: { tags, body: AdminThemeUpdateSchema, response: reply(AdminThemeSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updateTheme(requireAdmin(req), id, patch), '已更新卡冊');
    },
  );
  r.post(
    '/admin/themes/delete',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminThemeSchema) } },
    async (req) => ok(await svc.deleteTheme(requireAdmin(req), req.body.id), '已刪除卡冊'),
  );

  adminList(
    r,
    '/admin/cardInfos',
    { querystring: AdminCardInfoListQuerySchema, row: AdminCardInfoSchema },
    (operator, query) => svc.listCardInfos(operator, query),
  );
  r.get(
    '/admin/cardInfos/detail',
    { schema: { tags, querystring: AdminIdQuerySchema, response: reply(AdminCardInfoSchema) } },
    async (req) => ok(await svc.cardInfo(requireAdmin(req), req.query.id)),
  );
  r.post(
    '/admin/cardInfos/create',
    { schema: { tags, body: AdminCardInfoCreateSchema, response: reply(AdminCardInfoSchema) } },
    async (req) => ok(await svc.createCardInfo(requireAdmin(req), req.body), '已建立卡牌'),
  );
  r.post(
    '/admin/cardInfos/update',
    { schema: { tags, body: AdminCardInfoUpdateSchema, response: reply(AdminCardInfoSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updateCardInfo(requireAdmin(req), id, patch), '已更新卡牌');
    },
  );
  r.post(
    '/admin/cardInfos/delete',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminCardInfoSchema) } },
    async (req) => ok(await svc.deleteCardInfo(requireAdmin(req), req.body.id), '已刪除卡牌'),
  );

  adminList(
    r,
    '/admin/products',
    { querystring: AdminProductListQuerySchema, row: AdminProductSchema },
    (operator, query) => svc.listProducts(operator, query),
  );
  r.get(
    '/admin/products/detail',
    { schema: { tags, querystring: AdminIdQuerySchema, response: reply(AdminProductSchema) } },
    async (req) => ok(await svc.product(requireAdmin(req), req.query.id)),
  );
  r.post(
    '/admin/products/create',
    { schema: { tags, body: AdminProductCreateSchema, response: reply(AdminProductSchema) } },
    async (req) => ok(await svc.createProduct(requireAdmin(req), req.body), '已建立商品'),
  );
  r.post(
    '/admin/products/update',
    { schema: { tags, body: AdminProductUpdateSchema, response: reply(AdminProductSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.updateProduct(requireAdmin(req), id, patch), '已更新商品');
    },
  );
  r.post(
    '/admin/products/delete',
    { schema: { tags, body: AdminIdBodySchema, response: reply(AdminProductSchema) } },
    async (req) => ok(await svc.deleteProduct(requireAdmin(req), req.body.id), '已刪除商品'),
  );

  r.get(
    '/admin/drops',
    { schema: { tags, querystring: AdminDropQuerySchema, response: reply(z.array(AdminDropSchema)) } },
    async (req) => ok(await svc.drops(requireAdmin(req), req.query)),
  );
}

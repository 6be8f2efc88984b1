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
import { adminArea, ok, okPage, reply, requireAdmin, typed } from '../../http';

/** Operators' catalogue (PRODUCT.md §8): themes, card infos, products and the drop calendar, under /api/admin/. */
export async function adminCatalogueRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { catalogueAdmin: svc } = app.services;
  const tags = ['admin'];
  app.addHook('onRequest', adminArea);

  r.get(
    '/admin/themes',
    { schema: { tags, querystring: AdminThemeListQuerySchema, response: reply(z.array(AdminThemeSchema)) } },
    async (req, res) => okPage(res, await svc.listThemes(requireAdmin(req), req.query)),
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

  r.get(
    '/admin/cardInfos',
    { schema: { tags, querystring: AdminCardInfoListQuerySchema, response: reply(z.array(AdminCardInfoSchema)) } },
    async (req, res) => okPage(res, await svc.listCardInfos(requireAdmin(req), req.query)),
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

  r.get(
    '/admin/products',
    { schema: { tags, querystring: AdminProductListQuerySchema, response: reply(z.array(AdminProductSchema)) } },
    async (req, res) => okPage(res, await svc.listProducts(requireAdmin(req), req.query)),
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

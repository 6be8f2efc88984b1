import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdQuerySchema } from '../../../shared/envelope';
import { AdminIdBodySchema, AdminIdQuerySchema } from '../../../shared/schemas/admin-common';
import {
  AdminPackCreateSchema,
  AdminPackListQuerySchema,
  AdminPackSchema,
  AdminPackUpdateSchema,
  PackDrawsQuerySchema,
  PackDrawsSchema,
  PackOpenBodySchema,
  PackOpenSchema,
  PackSeriesDetailSchema,
  PackSeriesSchema,
} from '../../../shared/schemas/packs';
import { adminList, adminRoutes, ok, reply, requireAdmin, requireUser, typed, userRoutes } from '../../http';

const tags = ['pack'];

/** Mystery packs for everyone (decision 043): the list, a series with its odds, and the published draws. */
export async function packPublicRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { packs } = app.services;
  r.get('/pack/list', { schema: { tags, response: reply(z.array(PackSeriesSchema)) } }, async () =>
    ok(await packs.list()),
  );
  r.get(
    '/pack/detail',
    { schema: { tags, querystring: IdQuerySchema, response: reply(PackSeriesDetailSchema) } },
    async (req) => ok(await packs.detail(req.query.id)),
  );
  r.get(
    '/pack/draws',
    { schema: { tags, querystring: PackDrawsQuerySchema, response: reply(PackDrawsSchema) } },
    async (req) => ok(await packs.draws(req.query)),
  );
}

/** Opening a paid pack: signed-in buyers only. */
export async function packRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { packs } = app.services;
  r.post('/pack/open', { schema: { tags, body: PackOpenBodySchema, response: reply(PackOpenSchema) } }, async (req) =>
    ok(await packs.open(requireUser(req), req.body.orderNo), '開包成功'),
  );
}

/** Operators' pack series, under /api/admin/packs. */
export async function adminPackRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const svc = app.services.packs.admin;
  const admin = ['admin'];
  adminList(r, '/admin/packs', { querystring: AdminPackListQuerySchema, row: AdminPackSchema }, (operator, query) =>
    svc.list(operator, query),
  );
  r.get(
    '/admin/packs/detail',
    { schema: { tags: admin, querystring: AdminIdQuerySchema, response: reply(AdminPackSchema) } },
    async (req) => ok(await svc.detail(requireAdmin(req), req.query.id)),
  );
  r.post(
    '/admin/packs/create',
    { schema: { tags: admin, body: AdminPackCreateSchema, response: reply(AdminPackSchema) } },
    async (req) => ok(await svc.create(requireAdmin(req), req.body), '已建立卡包'),
  );
  r.post(
    '/admin/packs/update',
    { schema: { tags: admin, body: AdminPackUpdateSchema, response: reply(AdminPackSchema) } },
    async (req) => {
      const { id, ...patch } = req.body;
      return ok(await svc.update(requireAdmin(req), id, patch), '已更新卡包');
    },
  );
  r.post(
    '/admin/packs/close',
    { schema: { tags: admin, body: AdminIdBodySchema, response: reply(AdminPackSchema) } },
    async (req) =>
      ok(await svc.close(requireAdmin(req), req.body.id), '已結束發售，伺服器種子將於所有待付款訂單完結後公開'),
  );
}

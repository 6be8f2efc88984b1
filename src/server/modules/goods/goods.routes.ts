import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GoodsDetailSchema,
  GoodsIdQuerySchema,
  GoodsListQuerySchema,
  GoodsSchema,
} from '../../../shared/schemas/delivery';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** The user's goods (PRODUCT.md §4.8): `goods/list?type=`, `goods/detail?id=`. */
export async function goodsRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { goods } = app.services;
  const tags = ['goods'];

  r.get(
    '/goods/list',
    { schema: { tags, querystring: GoodsListQuerySchema, response: reply(z.array(GoodsSchema)) } },
    async (req) => ok(await goods.list(requireUser(req), req.query)),
  );

  r.get(
    '/goods/detail',
    { schema: { tags, querystring: GoodsIdQuerySchema, response: reply(GoodsDetailSchema) } },
    async (req) => ok(await goods.detail(requireUser(req), req.query.id)),
  );
}

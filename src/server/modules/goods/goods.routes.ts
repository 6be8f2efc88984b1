import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GoodsDetailSchema,
  GoodsIdQuerySchema,
  GoodsListQuerySchema,
  GoodsSchema,
} from '../../../shared/schemas/delivery';
import { userApi } from '../../http';

/** The user's goods (PRODUCT.md §4.8): `goods/list?type=`, `goods/detail?id=`. */
export async function goodsRoutes(app: FastifyInstance) {
  const api = userApi(app, ['goods']);
  const { goods } = app.services;

  api.get('/goods/list', { querystring: GoodsListQuerySchema, data: z.array(GoodsSchema) }, (u, q) => goods.list(u, q));

  api.get('/goods/detail', { querystring: GoodsIdQuerySchema, data: GoodsDetailSchema }, (u, q) =>
    goods.detail(u, q.id),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CardInfoListQuerySchema,
  CardInfoSchema,
  ProductListQuerySchema,
  ProductSchema,
} from '../../../shared/schemas/catalogue';
import { CardInfoDetailSchema, ProductDetailSchema } from '../../../shared/schemas/prices';
import { IdQuerySchema } from '../../../shared/envelope';
import { PUBLIC_LIVE, publicApi } from '../../http';
import { CATALOGUE_TAG } from './catalogue.service';

export async function catalogueRoutes(app: FastifyInstance) {
  const api = publicApi(app, ['catalogue']);
  const { catalogue } = app.services;
  // The same for every caller, but stock and sale states move by the second: browsers check again
  // (ETag); the server answers from memory until a write or a sale window changes them.
  const config = { cache: PUBLIC_LIVE, publicCache: CATALOGUE_TAG };

  api.get('/cardInfo/list', { config, querystring: CardInfoListQuerySchema, data: z.array(CardInfoSchema) }, (_, q) =>
    catalogue.cardInfos(q),
  );
  api.get('/cardInfo/detail', { config, querystring: IdQuerySchema, data: CardInfoDetailSchema }, (_, q) =>
    catalogue.cardInfo(q.id),
  );
  api.get('/product/list', { config, querystring: ProductListQuerySchema, data: z.array(ProductSchema) }, (_, q) =>
    catalogue.products(q),
  );
  api.get('/product/detail', { config, querystring: IdQuerySchema, data: ProductDetailSchema }, (_, q) =>
    catalogue.product(q.id),
  );
}

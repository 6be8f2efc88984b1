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
import { ok, PUBLIC_LIVE, reply, typed } from '../../http';
import { CATALOGUE_TAG } from './catalogue.service';

export async function catalogueRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { catalogue } = app.services;
  // The same for every caller, but stock and sale states move by the second: browsers check again
  // (ETag); the server answers from memory until a write or a sale window changes them.
  const config = { cache: PUBLIC_LIVE, publicCache: CATALOGUE_TAG };

  r.get(
    '/cardInfo/list',
    {
      config,
      schema: { tags: ['catalogue'], querystring: CardInfoListQuerySchema, response: reply(z.array(CardInfoSchema)) },
    },
    async (req) => ok(await catalogue.cardInfos(req.query)),
  );

  r.get(
    '/cardInfo/detail',
    { config, schema: { tags: ['catalogue'], querystring: IdQuerySchema, response: reply(CardInfoDetailSchema) } },
    async (req) => ok(await catalogue.cardInfo(req.query.id)),
  );

  r.get(
    '/product/list',
    {
      config,
      schema: { tags: ['catalogue'], querystring: ProductListQuerySchema, response: reply(z.array(ProductSchema)) },
    },
    async (req) => ok(await catalogue.products(req.query)),
  );

  r.get(
    '/product/detail',
    { config, schema: { tags: ['catalogue'], querystring: IdQuerySchema, response: reply(ProductDetailSchema) } },
    async (req) => ok(await catalogue.product(req.query.id)),
  );
}

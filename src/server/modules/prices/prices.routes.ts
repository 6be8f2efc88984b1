import type { FastifyInstance } from 'fastify';
import { PriceHistoryQuerySchema, PriceHistorySchema } from '../../../shared/schemas/prices';
import { ok, PUBLIC_LIVE, reply, typed } from '../../http';
import { PRICES_TAG } from './prices.service';

/** `cardInfo/priceHistory`, `product/priceHistory`: public, from memory until the next market write (decision 032). */
export async function priceRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { prices } = app.services;
  const config = { cache: PUBLIC_LIVE, publicCache: PRICES_TAG };
  const schema = { tags: ['prices'], querystring: PriceHistoryQuerySchema, response: reply(PriceHistorySchema) };

  r.get('/cardInfo/priceHistory', { config, schema }, async (req) => ok(await prices.history('card', req.query)));
  r.get('/product/priceHistory', { config, schema }, async (req) => ok(await prices.history('goods', req.query)));
}

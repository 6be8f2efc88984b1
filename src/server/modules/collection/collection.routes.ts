import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CardDetailQuerySchema,
  CardDetailSchema,
  CollectionCardSchema,
  CollectionQuerySchema,
  ExchangeBCardBodySchema,
  ExchangeBCardResultSchema,
  ExchangeBodySchema,
  ExchangeResultSchema,
  HeldRightSchema,
  ThemeProgressSchema,
  ThemeQuerySchema,
} from '../../../shared/schemas/collection';
import {
  CardPublicBodySchema,
  CardPublicResultSchema,
  PublicCardQuerySchema,
  PublicCardSchema,
} from '../../../shared/schemas/share';
import { ok, reply, requireUser, typed } from '../../http';

/** Exchange codes, themes and set exchange, the collection, card detail and rights (PRODUCT.md §4.4, §4.5). */
export async function collectionRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { collection } = app.services;

  r.post(
    '/card/exchange',
    { schema: { tags: ['collection'], body: ExchangeBodySchema, response: reply(ExchangeResultSchema) } },
    async (req) => {
      const outcome = await collection.exchange(req.actor, {
        ...req.body,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        bearer: Boolean(req.headers.authorization),
      });
      return ok(outcome.data, outcome.msg);
    },
  );

  r.get(
    '/card/theme',
    { schema: { tags: ['collection'], querystring: ThemeQuerySchema, response: reply(z.array(ThemeProgressSchema)) } },
    async (req) => ok(await collection.themes(requireUser(req), req.query)),
  );

  r.post(
    '/card/exchangeBCard',
    { schema: { tags: ['collection'], body: ExchangeBCardBodySchema, response: reply(ExchangeBCardResultSchema) } },
    async (req) => {
      const result = await collection.exchangeBCard(requireUser(req), req.body.themeId);
      return ok(result, `兌換成功，獲得 B 卡「${result.bCard.name}」${result.bCard.serialLabel}`);
    },
  );

  r.get(
    '/card/collection',
    {
      schema: {
        tags: ['collection'],
        querystring: CollectionQuerySchema,
        response: reply(z.array(CollectionCardSchema)),
      },
    },
    async (req) => ok(await collection.collection(requireUser(req), req.query)),
  );

  r.get(
    '/card/detail',
    { schema: { tags: ['collection'], querystring: CardDetailQuerySchema, response: reply(CardDetailSchema) } },
    async (req) => ok(await collection.detail(req.actor, req.query.id)),
  );

  // An owned card's public page (issue 23): the owner's switch, and what anyone sees once it is on.
  r.post(
    '/card/public',
    { schema: { tags: ['collection'], body: CardPublicBodySchema, response: reply(CardPublicResultSchema) } },
    async (req) => {
      const result = await collection.setPublic(requireUser(req), req.body);
      return ok(result, result.isPublic ? '已公開此卡' : '已取消公開');
    },
  );

  r.get(
    '/card/public',
    { schema: { tags: ['collection'], querystring: PublicCardQuerySchema, response: reply(PublicCardSchema) } },
    async (req) => ok(await collection.publicCard(req.query.id)),
  );

  r.get('/card/rights', { schema: { tags: ['collection'], response: reply(z.array(HeldRightSchema)) } }, async (req) =>
    ok(await collection.rights(requireUser(req))),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CounterOfferBodySchema,
  CreateOfferBodySchema,
  CreateOfferResultSchema,
  OfferAvailabilitySchema,
  OfferActionBodySchema,
  OfferDetailSchema,
  OfferIdQuerySchema,
  OfferListQuerySchema,
  OfferSchema,
  OfferSettingsBodySchema,
  OfferSettingsQuerySchema,
  OfferSettingsSchema,
} from '../../../shared/schemas/offers';
import { requestOrigin } from '../../request-origin';
import { ok, reply, requireUser, typed, userRoutes } from '../../http';

/** Offers and counter-offers (issue 24): the signed-in buyer's and owner's own, nobody else's. */
export async function offerRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { offers } = app.services;
  const tags = ['offers'];
  const action = { schema: { tags, body: OfferActionBodySchema, response: reply(OfferDetailSchema) } };

  r.post(
    '/offer/create',
    { schema: { tags, body: CreateOfferBodySchema, response: reply(CreateOfferResultSchema) } },
    async (req) => {
      const made = await offers.create(requireUser(req), req.body, requestOrigin(app.deps.config, req));
      return ok(made, made.orderNo ? '錢包餘額不足，請付款以送出出價' : '出價已送出，款項已預留');
    },
  );
  r.post(
    '/offer/counter',
    { schema: { tags, body: CounterOfferBodySchema, response: reply(OfferDetailSchema) } },
    async (req) => ok(await offers.counter(requireUser(req), req.body), '已還價'),
  );
  r.post('/offer/accept', action, async (req) => ok(await offers.accept(requireUser(req), req.body), '已成交'));
  r.post('/offer/decline', action, async (req) =>
    ok(await offers.decline(requireUser(req), req.body.id), '已拒絕出價'),
  );
  r.post('/offer/cancel', action, async (req) =>
    ok(await offers.cancel(requireUser(req), req.body.id), '出價已取消，款項已退回餘額'),
  );
  r.get(
    '/offer/list',
    { schema: { tags, querystring: OfferListQuerySchema, response: reply(z.array(OfferSchema)) } },
    async (req) => ok(await offers.list(requireUser(req), req.query)),
  );
  r.get(
    '/offer/detail',
    { schema: { tags, querystring: OfferIdQuerySchema, response: reply(OfferDetailSchema) } },
    async (req) => ok(await offers.detail(requireUser(req), req.query.id)),
  );
  r.get(
    '/offer/settings',
    { schema: { tags, querystring: OfferSettingsQuerySchema, response: reply(OfferSettingsSchema) } },
    async (req) => ok(await offers.settings(requireUser(req), req.query)),
  );
  r.post(
    '/offer/settings',
    { schema: { tags, body: OfferSettingsBodySchema, response: reply(OfferSettingsSchema) } },
    async (req) => ok(await offers.saveSettings(requireUser(req), req.body), '出價設定已更新'),
  );
}

/** Whether an item takes an offer now: for anyone (the public card page asks before it shows 出價). */
export async function offerPublicRoutes(app: FastifyInstance) {
  typed(app).get(
    '/offer/availability',
    { schema: { tags: ['offers'], querystring: OfferSettingsQuerySchema, response: reply(OfferAvailabilitySchema) } },
    async (req) => ok(await app.services.offers.availability(req.actor, req.query)),
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AcceptOfferResultSchema,
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
import { ok, reply, requireUser, typed, userApi } from '../../http';
import { requestOrigin } from '../../request-origin';

/** Offers and counter-offers (issue 24): the signed-in buyer's and owner's own, nobody else's. */
export async function offerRoutes(app: FastifyInstance) {
  const api = userApi(app, ['offers']);
  const { offers } = app.services;
  const action = { body: OfferActionBodySchema, data: OfferDetailSchema };

  // Its answer's message says whether the money was held or a pay order now waits for it (decision 040).
  api.r.post(
    '/offer/create',
    { schema: { tags: ['offers'], body: CreateOfferBodySchema, response: reply(CreateOfferResultSchema) } },
    async (req) => {
      const made = await offers.create(requireUser(req), req.body, requestOrigin(app.deps.config, req));
      return ok(made, made.orderNo ? '錢包餘額不足，請付款以送出出價' : '出價已送出，款項已預留');
    },
  );
  api.post('/offer/counter', { body: CounterOfferBodySchema, data: OfferDetailSchema, msg: '已還價' }, (u, b) =>
    offers.counter(u, b),
  );
  // A buyer short of a higher counter's difference gets an `offer_topup` pay order to pay instead (decision 040).
  api.r.post(
    '/offer/accept',
    { schema: { tags: ['offers'], body: OfferActionBodySchema, response: reply(AcceptOfferResultSchema) } },
    async (req) => {
      const done = await offers.accept(requireUser(req), req.body, requestOrigin(app.deps.config, req));
      return ok(done, done.orderNo ? '錢包餘額不足，請付款補足差額以成交' : '已成交');
    },
  );
  api.post('/offer/decline', { ...action, msg: '已拒絕出價' }, (u, b) => offers.decline(u, b.id));
  api.post('/offer/cancel', { ...action, msg: '出價已取消，款項已退回餘額' }, (u, b) => offers.cancel(u, b.id));
  api.get('/offer/list', { querystring: OfferListQuerySchema, data: z.array(OfferSchema) }, (u, q) =>
    offers.list(u, q),
  );
  api.get('/offer/detail', { querystring: OfferIdQuerySchema, data: OfferDetailSchema }, (u, q) =>
    offers.detail(u, q.id),
  );
  api.get('/offer/settings', { querystring: OfferSettingsQuerySchema, data: OfferSettingsSchema }, (u, q) =>
    offers.settings(u, q),
  );
  api.post(
    '/offer/settings',
    { body: OfferSettingsBodySchema, data: OfferSettingsSchema, msg: '出價設定已更新' },
    (u, b) => offers.saveSettings(u, b),
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

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreatePayOrderSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  OrderNoBodySchema,
  OrderNoQuerySchema,
  PayOrderListQuerySchema,
  PayOrderSchema,
  PaymentMethodSchema,
} from '../../../shared/schemas/pay-orders';
import { ok, reply, requireUser, signedIn, typed } from '../../http';

const CreateHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema });

export async function payOrderRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { payOrders } = app.services;
  const tags = ['payOrder'];
  // Signed-in users only, checked before the body so an anonymous caller gets the 403 that logs out (a `lateSession`
  // route: its handler looks the session up; the auth plugin already refused a request without a token).
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config?.lateSession) requireUser(req);
  });

  r.post(
    '/payOrder/create',
    // A sold-out drop's refusal needs no session: it is answered before the lookup (decision 023).
    {
      schema: { tags, headers: CreateHeadersSchema, body: CreatePayOrderSchema, response: reply(PayOrderSchema) },
      config: { lateSession: true },
    },
    async (req) => {
      const key = req.headers[IDEMPOTENCY_HEADER];
      const refusal = payOrders.refusalFromMemory(req.body, key);
      if (refusal) throw refusal;
      return ok(await payOrders.create(await signedIn(req), req.body, key));
    },
  );

  r.get(
    '/payOrder/info',
    { schema: { tags, querystring: OrderNoQuerySchema, response: reply(PayOrderSchema) } },
    async (req) => ok(await payOrders.info(requireUser(req), req.query.orderNo)),
  );

  r.get(
    '/payOrder/payCheck',
    { schema: { tags, querystring: OrderNoQuerySchema, response: reply(PayOrderSchema) } },
    async (req) => ok(await payOrders.payCheck(requireUser(req), req.query.orderNo)),
  );

  r.post(
    '/payOrder/cancel',
    { schema: { tags, body: OrderNoBodySchema, response: reply(PayOrderSchema) } },
    async (req) => ok(await payOrders.cancel(requireUser(req), req.body.orderNo), '訂單已取消'),
  );

  r.post(
    '/payOrder/payWithBalance',
    { schema: { tags, body: OrderNoBodySchema, response: reply(PayOrderSchema) } },
    async (req) => ok(await payOrders.payWithBalance(requireUser(req), req.body.orderNo), '已使用錢包餘額付款'),
  );

  r.get(
    '/payOrder/list',
    { schema: { tags, querystring: PayOrderListQuerySchema, response: reply(z.array(PayOrderSchema)) } },
    async (req) => ok(await payOrders.list(requireUser(req), req.query)),
  );

  r.get('/payOrder/methods', { schema: { tags, response: reply(z.array(PaymentMethodSchema)) } }, async () =>
    ok(payOrders.methods()),
  );
}

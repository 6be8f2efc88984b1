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
import { ADMISSION_HEADER } from '../../../shared/schemas/queue';
import { requestOrigin } from '../../request-origin';

const CreateHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKeySchema,
  // A hot drop's admission from the waiting room (decision 044); other orders need none.
  [ADMISSION_HEADER]: z.string().max(2_000, '入場憑證格式不正確').optional(),
});

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
      const origin = requestOrigin(app.deps.config, req);
      return ok(await payOrders.create(await signedIn(req), req.body, key, origin, req.headers[ADMISSION_HEADER]));
    },
  );

  // One of the buyer's orders by number: `info` as it stands, `payCheck` after asking the provider.
  for (const name of ['info', 'payCheck'] as const) {
    r.get(
      `/payOrder/${name}`,
      { schema: { tags, querystring: OrderNoQuerySchema, response: reply(PayOrderSchema) } },
      async (req) => ok(await payOrders[name](requireUser(req), req.query.orderNo)),
    );
  }

  // What the buyer does to a pending order, and what the answer says was done.
  for (const [name, msg] of [
    ['cancel', '訂單已取消'],
    ['payWithBalance', '已使用錢包餘額付款'],
  ] as const) {
    r.post(
      `/payOrder/${name}`,
      { schema: { tags, body: OrderNoBodySchema, response: reply(PayOrderSchema) } },
      async (req) => ok(await payOrders[name](requireUser(req), req.body.orderNo), msg),
    );
  }

  r.get(
    '/payOrder/list',
    { schema: { tags, querystring: PayOrderListQuerySchema, response: reply(z.array(PayOrderSchema)) } },
    async (req) => ok(await payOrders.list(requireUser(req), req.query)),
  );

  r.get('/payOrder/methods', { schema: { tags, response: reply(z.array(PaymentMethodSchema)) } }, async () =>
    ok(payOrders.methods()),
  );
}

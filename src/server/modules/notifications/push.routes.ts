import type { FastifyInstance } from 'fastify';
import {
  DeadLetterQuerySchema,
  DeadLetterRetryBodySchema,
  DeadLetterRetryResultSchema,
  DeadLetterSchema,
  PushKeySchema,
  PushSubscribeBodySchema,
  PushSubscriptionSchema,
  PushUnsubscribeBodySchema,
  PushUnsubscribeResultSchema,
} from '../../../shared/schemas/push';
import { adminApi, ok, reply, requireUser, typed, userRoutes } from '../../http';

/** Web Push (issue 23, docs/decisions/038-notification-delivery.md): the public key, and the caller's own devices. */
export async function pushRoutes(app: FastifyInstance) {
  const tags = ['push'];
  typed(app).get('/push/key', { schema: { tags, response: reply(PushKeySchema) } }, async () =>
    ok(app.services.push.key()),
  );
  await app.register(async (own) => {
    const r = userRoutes(own);
    r.post(
      '/push/subscribe',
      { schema: { tags, body: PushSubscribeBodySchema, response: reply(PushSubscriptionSchema) } },
      async (req) => ok(await app.services.push.subscribe(requireUser(req), req.body), '已開啟推送通知'),
    );
    r.post(
      '/push/unsubscribe',
      { schema: { tags, body: PushUnsubscribeBodySchema, response: reply(PushUnsubscribeResultSchema) } },
      async (req) => ok(await app.services.push.unsubscribe(requireUser(req), req.body), '已關閉推送通知'),
    );
  });
}

/** The back office's dead letters: notifications delivery gave up on, and 重試. */
export async function adminNotificationDeliveryRoutes(app: FastifyInstance) {
  const api = adminApi(app);
  const { deliveryAdmin } = app.services;
  api.list('/admin/deadLetters', { querystring: DeadLetterQuerySchema, row: DeadLetterSchema }, (op, q) =>
    deliveryAdmin.deadLetters(op, q),
  );
  api.post(
    '/admin/deadLetters/retry',
    { body: DeadLetterRetryBodySchema, data: DeadLetterRetryResultSchema, msg: '已重新排程發送' },
    (op, b) => deliveryAdmin.retry(op, b),
  );
}

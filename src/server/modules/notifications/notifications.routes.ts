import type { FastifyInstance } from 'fastify';
import {
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationPrefsBodySchema,
  NotificationPrefsSchema,
  NotificationReadBodySchema,
  NotificationReadResultSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/notifications';
import { ok, reply, requireUser, userRoutes } from '../../http';

/** The notification centre (issue 23, docs/decisions/034-notifications.md): the signed-in user's own only. */
export async function notificationRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { notifications } = app.services;
  const tags = ['notification'];

  r.get(
    '/notification/list',
    { schema: { tags, querystring: NotificationListQuerySchema, response: reply(NotificationPageSchema) } },
    async (req) => ok(await notifications.list(requireUser(req), req.query)),
  );
  r.get('/notification/unread', { schema: { tags, response: reply(UnreadCountSchema) } }, async (req) =>
    ok(await notifications.unread(requireUser(req))),
  );
  r.post(
    '/notification/read',
    { schema: { tags, body: NotificationReadBodySchema, response: reply(NotificationReadResultSchema) } },
    async (req) => ok(await notifications.markRead(requireUser(req), req.body)),
  );
  r.get('/notification/prefs', { schema: { tags, response: reply(NotificationPrefsSchema) } }, async (req) =>
    ok(await notifications.prefs(requireUser(req))),
  );
  r.post(
    '/notification/prefs',
    { schema: { tags, body: NotificationPrefsBodySchema, response: reply(NotificationPrefsSchema) } },
    async (req) => ok(await notifications.setPrefs(requireUser(req), req.body)),
  );
}

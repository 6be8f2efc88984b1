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
import { userApi } from '../../http';

/** The notification centre (issue 23, docs/decisions/034-notifications.md): the signed-in user's own only. */
export async function notificationRoutes(app: FastifyInstance) {
  const api = userApi(app, ['notification']);
  const { notifications } = app.services;

  api.get('/notification/list', { querystring: NotificationListQuerySchema, data: NotificationPageSchema }, (u, q) =>
    notifications.list(u, q),
  );
  api.get('/notification/unread', { data: UnreadCountSchema }, (u) => notifications.unread(u));
  api.post('/notification/read', { body: NotificationReadBodySchema, data: NotificationReadResultSchema }, (u, b) =>
    notifications.markRead(u, b),
  );
  api.get('/notification/prefs', { data: NotificationPrefsSchema }, (u) => notifications.prefs(u));
  api.post('/notification/prefs', { body: NotificationPrefsBodySchema, data: NotificationPrefsSchema }, (u, b) =>
    notifications.setPrefs(u, b),
  );
}

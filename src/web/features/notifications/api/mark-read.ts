import type { NotificationReadBody } from '../../../../shared/schemas/notifications';
import { post } from '../../../lib/request';

/** POST notification/read: marks some (ids) or all of the signed-in user's notifications read. */
export const markRead = (body: NotificationReadBody) =>
  post<{ marked: number; unread: number }>('notification/read', body, { loading: false });

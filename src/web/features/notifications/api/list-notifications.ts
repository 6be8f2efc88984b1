import type { NotificationPage } from '../../../../shared/schemas/notifications';
import { get, isFailure } from '../../../lib/request';

/** GET notification/list: a page of the signed-in user's notifications, newest first (all or unread). */
export const listNotifications = async (q: { page: number; pageSize: number; status: 'all' | 'unread' }) => {
  const res = await get<NotificationPage>('notification/list', q, { loading: false });
  return isFailure(res) ? res : res.list;
};

import { useCallback, useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkDateTime } from '../../../shared/hk-time';
import type { Notification } from '../../../shared/schemas/notifications';
import { PagedFrame } from '../../components/paged-frame';
import { isFailure } from '../../lib/request';
import { createListStore } from '../../lib/stores';
import { announceUnreadChanged } from '../../lib/unread-events';
import { usePagedList } from '../../lib/use-paged-list';
import { listNotifications } from './api/list-notifications';
import { markRead } from './api/mark-read';
import './notifications.css';

const lists = createListStore(['notifications'] as const);
const PAGE_SIZE = 20;
const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'unread', label: '未讀' },
] as const;

/** /my/notifications: the user's notifications, newest first; each opens its screen and is marked read. */
export default function NotificationsScreen() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<'all' | 'unread'>('all');
  const fetchPage = useCallback(
    (page: number, pageSize: number) => listNotifications({ page, pageSize, status }),
    [status],
  );
  const list = usePagedList<Notification, 'notifications'>(lists, 'notifications', fetchPage, PAGE_SIZE, [status]);

  const setRead = (ids: Set<string> | 'all') =>
    lists.set(
      'notifications',
      (lists.get('notifications') as Notification[])
        .map((n) => (ids === 'all' || ids.has(n.id) ? { ...n, read: true } : n))
        .filter((n) => status === 'all' || !n.read || (ids !== 'all' && ids.has(n.id))),
    );

  const open = async (n: Notification) => {
    if (!n.read) {
      const res = await markRead({ ids: [n.id] });
      if (!isFailure(res)) {
        setRead(new Set([n.id]));
        announceUnreadChanged();
      }
    }
    if (n.link) navigate(n.link);
  };

  const readAll = async () => {
    const res = await markRead({ all: true });
    if (isFailure(res)) return;
    setRead('all');
    announceUnreadChanged();
  };

  return (
    <div className="notifications">
      <div className="notifications-bar">
        <div className="notifications-filter" role="group" aria-label="顯示">
          {FILTERS.map((f) => (
            <button
              key={f.key}
              type="button"
              className="notifications-filter-button"
              aria-pressed={status === f.key}
              onClick={() => setStatus(f.key)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <Button size="small" fill="none" color="primary" onClick={() => void readAll()}>
          全部標為已讀
        </Button>
      </div>
      <PagedFrame
        {...list}
        what="通知"
        endClassName="notifications-end"
        emptyText={{
          title: status === 'unread' ? '沒有未讀通知' : '未有通知',
          description: '售出、成交、發貨等消息會在這裏出現。',
        }}
      >
        <ul className="notification-list" aria-label="通知">
          {list.items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={n.read ? 'notification-row' : 'notification-row unread'}
                onClick={() => void open(n)}
              >
                <span className="notification-head">
                  <span className="notification-title">
                    {!n.read && <span className="visually-hidden">未讀：</span>}
                    {n.title}
                  </span>
                  <time className="notification-time" dateTime={n.createdAt}>
                    {formatHkDateTime(n.createdAt)}
                  </time>
                </span>
                <span className="notification-body">{n.body}</span>
              </button>
            </li>
          ))}
        </ul>
      </PagedFrame>
    </div>
  );
}

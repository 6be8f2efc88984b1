import { Link } from 'react-router';
import { SpriteIcon } from '../components/sprite-icon';
import { badgeText, useUnreadCount } from './unread-count';

/** The header's bell (issue 23): opens /my/notifications; its badge is the unread count. Signed in only. */
export function NotificationBell() {
  const n = useUnreadCount();
  return (
    <Link to="/my/notifications" className="icon-button bell-button" aria-label={n > 0 ? `通知，${n} 則未讀` : '通知'}>
      <SpriteIcon name="bell" />
      {n > 0 && (
        <span className="unread-badge" aria-hidden="true">
          {badgeText(n)}
        </span>
      )}
    </Link>
  );
}

/** The 我的 tab's badge: the same count, read by its label. */
export function TabBadge() {
  const n = useUnreadCount();
  if (n === 0) return null;
  return (
    <span className="unread-badge tab-badge">
      <span className="visually-hidden">，</span>
      {badgeText(n)}
      <span className="visually-hidden"> 則未讀通知</span>
    </span>
  );
}

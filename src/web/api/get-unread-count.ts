import type { UnreadCount } from '../../shared/schemas/notifications';
import { get } from '../lib/request';

/** GET notification/unread: the bell's count (quiet: a bell that cannot tell shows no badge). */
export const getUnreadCount = () => get<UnreadCount>('notification/unread', undefined, { loading: false, quiet: true });

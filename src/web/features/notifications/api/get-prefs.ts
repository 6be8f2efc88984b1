import type { NotificationPref } from '../../../../shared/schemas/notifications';
import { get } from '../../../lib/request';

/** GET notification/prefs: every kind of notification with its channels. */
export const getPrefs = () => get<NotificationPref[]>('notification/prefs', undefined, { loading: false });

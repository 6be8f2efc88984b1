import type { NotificationPref, NotificationPrefsBody } from '../../../../shared/schemas/notifications';
import { get, post } from '../../../lib/request';

/** GET notification/prefs: every kind of notification with its channels. */
export const getPrefs = () => get<NotificationPref[]>('notification/prefs', undefined, { loading: false });

/** POST notification/prefs: turns channels on or off per kind. */
export const setPrefs = (body: NotificationPrefsBody) =>
  post<NotificationPref[]>('notification/prefs', body, { loading: false });

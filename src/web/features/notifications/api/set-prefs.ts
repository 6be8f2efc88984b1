import type { NotificationPref, NotificationPrefsBody } from '../../../../shared/schemas/notifications';
import { post } from '../../../lib/request';

/** POST notification/prefs: turns channels on or off per kind. */
export const setPrefs = (body: NotificationPrefsBody) =>
  post<NotificationPref[]>('notification/prefs', body, { loading: false });

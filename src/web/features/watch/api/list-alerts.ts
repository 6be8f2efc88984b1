import type { AlertPage } from '../../../../shared/schemas/alerts';
import { get } from '../../../lib/request';

/** GET alert/list: a page of the signed-in user's price alerts, newest first, with the best price now. */
export const listAlerts = (q: { page: number; pageSize: number }) =>
  get<AlertPage>('alert/list', q, { loading: false });

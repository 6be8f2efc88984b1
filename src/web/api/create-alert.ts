import type { Alert, CreateAlertBody } from '../../shared/schemas/alerts';
import { post } from '../lib/request';

/** POST alert/create: a price alert on a card info or product (at most 50 per user). */
export const createAlert = (body: CreateAlertBody) => post<Alert>('alert/create', body);

import type { ExchangeBody, ExchangeResult } from '../../../../shared/schemas/collection';
import { post } from '../../../lib/request';

/** POST card/exchange: `{code}` signed in; `{code, phone, smsCode}` signed out (answers session data too). */
export const exchangeCode = (body: ExchangeBody) => post<ExchangeResult>('card/exchange', body);

import type { ExchangeBody, ExchangeResult } from '../../../../shared/schemas/collection';
import { postWithMsg } from '../../../lib/request';

/**
 * POST card/exchange: `{code}` signed in; `{code, phone, smsCode}` signed out (answers session data
 * too). The msg comes along: the seed stores the session only when the answer has none.
 */
export const exchangeCode = (body: ExchangeBody) => postWithMsg<ExchangeResult>('card/exchange', body);

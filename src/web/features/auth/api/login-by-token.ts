import type { LoginByTokenBody, SessionData } from '../../../../shared/schemas/auth';
import { post } from '../../../lib/request';

/** POST user/loginByToken {token}: the one-tap link from the SMS; session data. */
export const loginByToken = (body: LoginByTokenBody) => post<SessionData>('user/loginByToken', body);

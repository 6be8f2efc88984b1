import type { LoginBody, SessionData } from '../../../../shared/schemas/auth';
import { post } from '../../../lib/request';

/** POST user/login {phone, code}: session data. */
export const login = (body: LoginBody) => post<SessionData>('user/login', body);

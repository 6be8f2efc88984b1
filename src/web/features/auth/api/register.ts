import type { RegisterBody, SessionData } from '../../../../shared/schemas/auth';
import { post } from '../../../lib/request';

/** POST user/register {phone, code, nickname?, agreePrivacy: true}: session data. */
export const register = (body: RegisterBody) => post<SessionData>('user/register', body);

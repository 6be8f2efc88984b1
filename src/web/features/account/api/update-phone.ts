import type { UpdatePhoneBody } from '../../../../shared/schemas/account';
import type { User } from '../../../../shared/schemas/auth';
import { isFailure, post } from '../../../lib/request';
import { sessionStore } from '../../../lib/stores';

/** POST user/updatePhone {authCode, phone, code}; the stored session gets the new phone. */
export async function updatePhone(body: UpdatePhoneBody) {
  const result = await post<User>('user/updatePhone', body);
  if (!isFailure(result)) sessionStore.setUser(result);
  return result;
}

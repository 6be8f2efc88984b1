import type { UpdateInfoBody } from '../../../../shared/schemas/account';
import type { User } from '../../../../shared/schemas/auth';
import { isFailure, post } from '../../../lib/request';
import { sessionStore } from '../../../lib/stores';

/** POST user/updateInfo; the new profile also goes into the stored session (so /my shows it at once). */
export async function updateInfo(body: UpdateInfoBody) {
  const result = await post<User>('user/updateInfo', body);
  if (!isFailure(result)) sessionStore.setUser(result);
  return result;
}

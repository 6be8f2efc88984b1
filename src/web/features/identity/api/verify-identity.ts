import type { Identity, VerifyIdentityBody } from '../../../../shared/schemas/identity';
import { getUserInfo } from '../../../api/get-user-info';
import { isFailure, post } from '../../../lib/request';

/** POST userIdInfo/verify; then user/info, so the stored user carries the verified badge. */
export async function verifyIdentity(body: VerifyIdentityBody) {
  const res = await post<Identity>('userIdInfo/verify', body);
  if (!isFailure(res)) await getUserInfo();
  return res;
}

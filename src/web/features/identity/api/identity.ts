import type { User } from '../../../../shared/schemas/auth';
import type { Identity, VerifyIdentityBody } from '../../../../shared/schemas/identity';
import { get, isFailure, post } from '../../../lib/request';
import { sessionStore } from '../../../lib/stores';

/** GET userIdInfo/info: the masked record, or null before verification. */
export const getIdentity = () => get<Identity | null>('userIdInfo/info', undefined, { loading: false });

/** POST userIdInfo/verify; then user/info, so the stored user carries the verified badge. */
export async function verifyIdentity(body: VerifyIdentityBody) {
  const res = await post<Identity>('userIdInfo/verify', body);
  if (!isFailure(res)) {
    const user = await get<User>('user/info', undefined, { loading: false });
    if (!isFailure(user)) sessionStore.setUser(user);
  }
  return res;
}

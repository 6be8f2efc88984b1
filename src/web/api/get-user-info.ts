import type { User } from '../../shared/schemas/auth';
import { get, isFailure } from '../lib/request';
import { sessionStore } from '../lib/stores';
import { useLoad } from '../lib/use-load';

/** GET user/info: the signed-in user's profile, also written into the stored session. */
export async function getUserInfo() {
  const result = await get<User>('user/info', undefined, { loading: false });
  if (!isFailure(result)) sessionStore.setUser(result);
  return result;
}

export function useUserInfo() {
  return useLoad(getUserInfo, []);
}

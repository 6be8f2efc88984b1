import { post } from '../../../lib/request';
import { signOutLocally } from '../../../lib/session';

/** POST user/logout (no body), then forget the session and go to "/login", even if the call failed (seed §4). */
export async function logout(): Promise<void> {
  await post<null>('user/logout');
  signOutLocally();
}

import type { User } from '../../../../shared/schemas/auth';
import { isFailure, post } from '../../../lib/request';
import { sessionStore } from '../../../lib/stores';

/** POST user/avatarUpload (multipart): the photo becomes the avatar; the new profile goes into the stored session. */
export async function uploadAvatar(photo: File) {
  const form = new FormData();
  form.append('file', photo, photo.name);
  const result = await post<User>('user/avatarUpload', form);
  if (!isFailure(result)) sessionStore.setUser(result);
  return result;
}

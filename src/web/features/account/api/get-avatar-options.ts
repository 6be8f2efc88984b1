import type { AvatarOption } from '../../../../shared/schemas/account';
import { get } from '../../../lib/request';

/** GET user/avatarOptions: the preset avatars, then the images of the cards the user holds. */
export const getAvatarOptions = () => get<AvatarOption[]>('user/avatarOptions', undefined, { loading: false });

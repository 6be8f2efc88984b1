import sharp from 'sharp';
import { AVATAR_PRESETS, isPresetAvatar } from '../../../shared/avatars';
import type { User } from '../../../shared/schemas/auth';
import {
  AVATAR_PHOTO_MAX_BYTES,
  AVATAR_PHOTO_SIZE,
  AVATAR_PHOTO_TOO_LARGE,
  type AvatarOption,
} from '../../../shared/schemas/account';
import { newId } from '../../adapters/ids';
import type { Deps } from '../../deps';
import { invalid } from '../../errors';
import type { Actor, AuthService } from '../auth/auth.service';
import type { CardsService } from '../cards/cards.service';
import type { IdentityService } from '../identity/identity.service';
import { MARKET_TAG } from '../market/market.service';
import { isUndecodable, MAX_PIXELS, NOT_AN_IMAGE, readImageHeader } from '../uploads/image-input';

/** Account settings (PRODUCT.md §4.9): profile, avatar and phone; the user row itself belongs to auth. */
export function createAccountService(
  deps: Deps,
  services: { auth: AuthService; cards: CardsService; identity: Pick<IdentityService, 'isVerified'> },
) {
  async function avatarOptions(actor: Actor): Promise<AvatarOption[]> {
    const cards = await services.cards.ownedCardFaces(actor.userId);
    return [
      ...AVATAR_PRESETS.map((p) => ({ image: p.image, label: p.label, kind: 'preset' as const })),
      ...cards.map((c) => ({ image: c.image, label: c.name, kind: 'card' as const })),
    ];
  }

  return {
    /** `user/info`: the own profile, with whether the user passed real-name verification. */
    async info(actor: Actor): Promise<User> {
      const user = await services.auth.info(actor);
      return { ...user, verified: await services.identity.isVerified(deps.db, user.id) };
    },

    /** `user/avatarOptions`: the presets, then the image of every card the user holds. */
    avatarOptions,

    /** `user/updateInfo`: nickname, bio and avatar; the avatar must be a preset or a card the user holds. */
    async updateInfo(actor: Actor, input: { nickname?: string; bio?: string; avatar?: string }): Promise<User> {
      if (input.avatar !== undefined && !isPresetAvatar(input.avatar)) {
        const options = await avatarOptions(actor);
        if (!options.some((o) => o.image === input.avatar)) throw invalid('頭像只可選擇預設頭像或你持有的卡牌圖片');
      }
      const user = await services.auth.updateProfile(actor, input);
      // A seller's nickname and avatar are part of the cached market answers.
      deps.publicCache.invalidate(MARKET_TAG);
      return user;
    },

    /**
     * `user/avatarUpload`: a photo becomes the avatar. It is turned upright, cropped square around its most
     * interesting part, and stored as a 512 × 512 WebP; sharp writes none of the photo's metadata (EXIF, GPS).
     */
    async uploadAvatar(actor: Actor, file: Buffer): Promise<User> {
      await readImageHeader(file, { maxBytes: AVATAR_PHOTO_MAX_BYTES, tooLarge: AVATAR_PHOTO_TOO_LARGE });
      let photo: Buffer;
      try {
        photo = await sharp(file, { limitInputPixels: MAX_PIXELS, animated: false })
          .rotate()
          .resize(AVATAR_PHOTO_SIZE, AVATAR_PHOTO_SIZE, { fit: 'cover', position: sharp.strategy.attention })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (err) {
        if (isUndecodable(err)) throw invalid(NOT_AN_IMAGE);
        throw err;
      }
      const avatar = await deps.storage.put(`avatar/${newId('ava')}.webp`, photo, 'image/webp');
      const user = await services.auth.updateProfile(actor, { avatar });
      deps.publicCache.invalidate(MARKET_TAG);
      return user;
    },

    /** `user/updatePhone`: see AuthService.changePhone. */
    updatePhone: (actor: Actor, input: { authCode: string; phone: string; code: string }) =>
      services.auth.changePhone(actor, input),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

import { z } from 'zod';
import { NicknameSchema, PhoneSchema, SmsCodeSchema } from './auth';

export const BIO_MAX = 200;

/** `user/avatarUpload`: a photo of at most 5 MB, kept as a 512 × 512 WebP without its EXIF data. */
export const AVATAR_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_PHOTO_SIZE = 512;
export const AVATAR_PHOTO_TOO_LARGE = '相片不能超過 5 MB';

export const BioSchema = z.string({ error: '「簡介」格式不正確' }).trim().max(BIO_MAX, `簡介最多 ${BIO_MAX} 個字`);

/** `user/updateInfo`: any of nickname, bio and avatar (a preset, or the image of a card the user holds). */
export const UpdateInfoBodySchema = z
  .strictObject({
    nickname: NicknameSchema.optional(),
    bio: BioSchema.optional(),
    avatar: z.string({ error: '請選擇頭像' }).trim().min(1, '請選擇頭像').max(300, '請選擇頭像').optional(),
  })
  .refine((b) => b.nickname !== undefined || b.bio !== undefined || b.avatar !== undefined, '請填寫要更改的資料');
export type UpdateInfoBody = z.input<typeof UpdateInfoBodySchema>;

/** The /my/edit form: nickname (2–20) and bio (≤ 200). */
export const ProfileFormSchema = z.strictObject({ nickname: NicknameSchema, bio: BioSchema });

/**
 * `user/updatePhone`: `authCode` is the code `sms/authSend` (purpose change_phone_old) sent to the
 * current phone; `code` the one `sms/send` (purpose change_phone) sent to the new `phone`.
 */
export const UpdatePhoneBodySchema = z.strictObject({
  authCode: SmsCodeSchema,
  phone: PhoneSchema,
  code: SmsCodeSchema,
});
export type UpdatePhoneBody = z.input<typeof UpdatePhoneBodySchema>;

/** An avatar the user may pick: a preset, or the image of a card they hold. */
export const AvatarOptionSchema = z.object({
  image: z.string(),
  label: z.string(),
  kind: z.enum(['preset', 'card']),
});
export type AvatarOption = z.infer<typeof AvatarOptionSchema>;

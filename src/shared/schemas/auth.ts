import { z } from 'zod';
import { PHONE_REGIONS, toE164 } from '../phone';

/** A mobile number in E.164 (+852, +853, +86); the form turns region + number into this. */
export const PhoneSchema = z
  .string({ error: '請輸入手機號碼' })
  .trim()
  .min(1, '請輸入手機號碼')
  .max(20, '請輸入有效的手機號碼')
  .refine((v) => toE164(v) !== null, '請輸入有效的香港、澳門或中國內地手機號碼')
  .transform((v) => toE164(v)!);

export const SmsCodeSchema = z.string({ error: '請輸入驗證碼' }).regex(/^\d{6}$/, '驗證碼為 6 位數字');

/** Codes sent to any number (sign-in, sign-up, exchange, the new number of a phone change). */
export const SMS_PURPOSES = ['login', 'register', 'exchange', 'change_phone'] as const;
/** Codes sent to the signed-in user's own phone, to re-check a sensitive action. */
export const AUTH_SMS_PURPOSES = ['payment', 'withdraw', 'change_phone_old'] as const;

export const SmsSendBodySchema = z.strictObject({
  phone: PhoneSchema,
  purpose: z.enum(SMS_PURPOSES, { error: '驗證碼用途不正確' }),
});
export type SmsSendBody = z.input<typeof SmsSendBodySchema>;

export const SmsAuthSendBodySchema = z.strictObject({
  purpose: z.enum(AUTH_SMS_PURPOSES, { error: '驗證碼用途不正確' }),
});
export type SmsAuthSendBody = z.input<typeof SmsAuthSendBodySchema>;

/** When the next code can be requested, so the button can count down. */
export const SmsSentSchema = z.object({ resendAfterSeconds: z.number().int() });

export const NicknameSchema = z.string().trim().min(2, '暱稱需為 2 至 20 個字').max(20, '暱稱需為 2 至 20 個字');

export const RegisterBodySchema = z.strictObject({
  phone: PhoneSchema,
  code: SmsCodeSchema,
  nickname: NicknameSchema.optional(),
  agreePrivacy: z.literal(true, { error: '請先閱讀並同意私隱政策' }),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.strictObject({ phone: PhoneSchema, code: SmsCodeSchema });
export type LoginBody = z.input<typeof LoginBodySchema>;

export const LoginByTokenBodySchema = z.strictObject({
  token: z.string({ error: '登入連結無效' }).min(20, '登入連結無效').max(200, '登入連結無效'),
});
export type LoginByTokenBody = z.input<typeof LoginByTokenBodySchema>;

/** The signed-in user's own profile. */
export const UserSchema = z.object({
  id: z.string(),
  phone: z.string(),
  phoneMasked: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  roles: z.array(z.string()),
  verified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

/** What sign-in, sign-up and one-tap login answer; the client stores it (seed §3, §4). */
export const SessionDataSchema = z.object({
  token: z.string(),
  user: UserSchema,
  /** The user's roles; the client stores them as the authority value. */
  authority: z.array(z.string()),
});
export type SessionData = z.infer<typeof SessionDataSchema>;

export { PHONE_REGIONS };

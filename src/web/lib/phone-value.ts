import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { DEFAULT_REGION, PHONE_REGIONS, toE164, type PhoneRegion } from '../../shared/phone';
import { PhoneSchema, SmsCodeSchema } from '../../shared/schemas/auth';
import type { FormRule } from './form-rules';

/** What the phone field holds: the region picked (+852 by default, +853, +86) and the number typed. */
export interface PhoneValue {
  region: PhoneRegion;
  number: string;
}

export const EMPTY_PHONE: PhoneValue = { region: DEFAULT_REGION, number: '' };

/** The number in E.164 for the chosen region, or null. */
export function phoneE164(value: PhoneValue | undefined): string | null {
  if (!value || value.number.trim() === '') return null;
  return toE164(value.number, value.region);
}

/** The region + number checked by the shared PhoneSchema: its E.164 number, or its zh-HK message (empty, invalid). */
export function checkPhone(
  value: PhoneValue | undefined,
): { ok: true; phone: string } | { ok: false; message: string } {
  const number = value?.number.trim() ?? '';
  const dial = PHONE_REGIONS.find((r) => r.region === value?.region)?.dial ?? '+852';
  // A number that is not valid in the chosen region is checked as "+<dial><number>", so a valid
  // number of another region does not slip through.
  const input = number === '' ? undefined : (phoneE164(value) ?? `${dial}${number}`);
  const result = PhoneSchema.safeParse(input);
  return result.success
    ? { ok: true, phone: result.data }
    : { ok: false, message: result.error.issues[0]?.message ?? '請輸入有效的手機號碼' };
}

/** What the shared PhoneSchema says about the region + number, or null when it is fine. */
export function phoneError(value: PhoneValue | undefined): string | null {
  const checked = checkPhone(value);
  return checked.ok ? null : checked.message;
}

/** The shared SmsCodeSchema's message for a typed code (empty counts as not given), or null. */
export function smsCodeError(code: string): string | null {
  const parsed = SmsCodeSchema.safeParse(code.trim() === '' ? undefined : code.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '請輸入驗證碼');
}

/** The phone field's rule in an antd-mobile Form. */
export const phoneRule: FormRule = {
  validator: async (_rule, value: PhoneValue | undefined) => {
    const error = phoneError(value);
    if (error) throw new Error(error);
  },
};

/** A stored E.164 number back as the phone field's region + national number (+852 when unreadable). */
export function fromE164(e164: string): PhoneValue {
  const parsed = parsePhoneNumberFromString(e164);
  const region = PHONE_REGIONS.find((r) => r.region === parsed?.country)?.region;
  return region && parsed ? { region, number: parsed.nationalNumber } : { ...EMPTY_PHONE, number: e164 };
}

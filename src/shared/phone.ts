import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** The regions a Trove account can be registered in, +852 first (the default). */
export const PHONE_REGIONS = [
  { region: 'HK', dial: '+852', label: '香港 +852' },
  { region: 'MO', dial: '+853', label: '澳門 +853' },
  { region: 'CN', dial: '+86', label: '中國內地 +86' },
] as const;
export type PhoneRegion = (typeof PHONE_REGIONS)[number]['region'];
export const DEFAULT_REGION: PhoneRegion = 'HK';

const ALLOWED = new Set<string>(PHONE_REGIONS.map((r) => r.region));

/**
 * A mobile number of +852, +853 or +86 in E.164 (`+85291234567`), or null when it is not one.
 * Accepts a national number for `region`, or a full international number.
 */
export function toE164(input: string, region: PhoneRegion = DEFAULT_REGION): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), region);
  if (!parsed || !parsed.isValid() || !parsed.country || !ALLOWED.has(parsed.country)) return null;
  return parsed.number;
}

/** `+852 9***4567`: enough for the owner to recognise, not enough to reveal. */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return '***';
  const national = parsed.nationalNumber;
  const keep = national.length > 8 ? 3 : 1;
  return `+${parsed.countryCallingCode} ${national.slice(0, keep)}${'*'.repeat(Math.max(national.length - keep - 4, 0))}${national.slice(-4)}`;
}

/**
 * The seed's phone check (§5), kept as specified even though forms use `toE164`: after removing
 * every character other than digits, hyphen or pipe, an optional +86 or 86 prefix followed by 1
 * and 10 digits, or a 0 followed by 10 to 13 digits or hyphens.
 */
export function seedPhoneCheck(input: string): boolean {
  const cleaned = input.replace(/[^\d|-]/g, '');
  return /^(?:(?:\+?86)?1\d{10}|0[\d-]{10,13})$/.test(cleaned);
}

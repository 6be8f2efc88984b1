/**
 * Identity document numbers (PRODUCT.md §3, §4.9): HKID and PRC resident ID are checked by their
 * check digits, passports by format only. Used by the `/my/verify` form and by the server alike.
 */

export const ID_TYPES = ['hkid', 'prc_id', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const ID_TYPE_LABELS: Record<IdType, string> = {
  hkid: '香港身份證',
  prc_id: '中國居民身份證',
  passport: '護照',
};

const letterValue = (c: string) => c.charCodeAt(0) - 55; // A = 10 … Z = 35

/** `A123456(7)`, `a1234567`, `AB 987654 (A)` → `A1234567` / `AB987654A`; null when the shape is wrong. */
export function normalizeHkid(input: string): string | null {
  const m = /^([A-Z]{1,2})(\d{6})\(?([0-9A])\)?$/.exec(input.toUpperCase().replace(/\s+/g, ''));
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/** The HKID check character of a prefix (1–2 letters) and 6 digits: weights 9…2, mod 11, 10 = A. */
export function hkidCheckDigit(prefix: string, digits: string): string {
  // A one-letter prefix counts as a leading space worth 36 at weight 9.
  const chars = prefix.length === 1 ? [36, letterValue(prefix)] : [letterValue(prefix[0]!), letterValue(prefix[1]!)];
  let sum = chars[0]! * 9 + chars[1]! * 8;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'A' : String(check);
}

export function isValidHkid(input: string): boolean {
  const n = normalizeHkid(input);
  if (!n) return false;
  const prefix = n.slice(0, n.length - 7);
  return hkidCheckDigit(prefix, n.slice(prefix.length, prefix.length + 6)) === n.slice(-1);
}

const PRC_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const PRC_CHECKS = '10X98765432';

/** ISO 7064 MOD 11-2 check character of the first 17 digits of a PRC resident ID. */
export function prcCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * PRC_WEIGHTS[i]!;
  return PRC_CHECKS[sum % 11]!;
}

export function normalizePrcId(input: string): string | null {
  const v = input.toUpperCase().replace(/\s+/g, '');
  return /^\d{17}[\dX]$/.test(v) ? v : null;
}

/** 18 characters, a real birth date (YYYYMMDD at 7–14) and the MOD 11-2 check character. */
export function isValidPrcId(input: string): boolean {
  const n = normalizePrcId(input);
  if (!n) return false;
  const y = Number(n.slice(6, 10));
  const m = Number(n.slice(10, 12));
  const d = Number(n.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return prcCheckDigit(n.slice(0, 17)) === n[17];
}

export function normalizePassport(input: string): string | null {
  const v = input.toUpperCase().replace(/\s+/g, '');
  return /^[A-Z0-9]{5,20}$/.test(v) && /\d/.test(v) ? v : null;
}

/** The number in its canonical form (what is encrypted and hashed), or null when invalid. */
export function normalizeIdNumber(type: IdType, input: string): string | null {
  if (type === 'hkid') return isValidHkid(input) ? normalizeHkid(input) : null;
  if (type === 'prc_id') return isValidPrcId(input) ? normalizePrcId(input) : null;
  return normalizePassport(input);
}

export const ID_NUMBER_MESSAGES: Record<IdType, string> = {
  hkid: '香港身份證號碼不正確，請檢查括號內的核對數字（例如 A123456(3)）',
  prc_id: '中國居民身份證號碼不正確，請檢查 18 位號碼及最後一位核對碼',
  passport: '護照號碼格式不正確（5 至 20 個英文字母或數字）',
};

/** `A12****(3)`, `110***********123X`, `E1*****89`: enough to recognise, never the whole number. */
export function maskIdNumber(type: IdType, normalized: string): string {
  if (type === 'hkid') {
    const prefix = normalized.slice(0, normalized.length - 7);
    return `${prefix}${normalized.slice(prefix.length, prefix.length + 2)}****(${normalized.slice(-1)})`;
  }
  if (type === 'prc_id') return `${normalized.slice(0, 3)}${'*'.repeat(11)}${normalized.slice(-4)}`;
  return `${normalized.slice(0, 2)}${'*'.repeat(Math.max(normalized.length - 4, 1))}${normalized.slice(-2)}`;
}

/** `陳*明`, `李*`: the name as the masked record shows it. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** `****6789` for payout account numbers. */
export function maskAccountNo(value: string): string {
  const v = value.replace(/\s+/g, '');
  return v.length <= 4 ? '*'.repeat(v.length) : `${'*'.repeat(Math.min(v.length - 4, 8))}${v.slice(-4)}`;
}

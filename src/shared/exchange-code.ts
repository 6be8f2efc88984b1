/**
 * Exchange codes (PRODUCT.md §3, §4.4): 16 characters of Crockford base32 (80 bits from the
 * server's CSPRNG) followed by Crockford's mod-37 check symbol, so a typo is caught on the phone
 * before any request. Used by the form, the request schema and the server.
 */

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Check symbols: the 32 digits above, then values 32..36. */
export const CHECK_ALPHABET = `${CROCKFORD_ALPHABET}*~$=U`;

export const CODE_BODY_LENGTH = 16;
export const CODE_LENGTH = CODE_BODY_LENGTH + 1;

export const CODE_MESSAGES = {
  empty: '請輸入兌換碼',
  incomplete: `兌換碼共 ${CODE_LENGTH} 個字元，請輸入完整的兌換碼`,
  wrong: '兌換碼有誤，請檢查後再輸入',
} as const;

/**
 * Canonical form of what a user typed or scanned: upper-case, spaces and hyphens removed, and the
 * look-alikes Crockford folds (I, L → 1; O → 0).
 */
export function normaliseExchangeCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-‐-―－]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** Crockford's check symbol of a body of base32 digits; null when the body has other characters. */
export function checkCharacter(body: string): string | null {
  let mod = 0;
  for (const ch of body) {
    const value = CROCKFORD_ALPHABET.indexOf(ch);
    if (value < 0) return null;
    // The body is a base-32 number; its remainder mod 37 picks the check symbol.
    mod = (mod * 32 + value) % 37;
  }
  return CHECK_ALPHABET[mod]!;
}

/** A 16-character body with its check character appended. */
export function withCheckCharacter(body: string): string {
  const normalised = normaliseExchangeCode(body);
  if (normalised.length !== CODE_BODY_LENGTH)
    throw new Error(`An exchange code body has ${CODE_BODY_LENGTH} characters`);
  const check = checkCharacter(normalised);
  if (check === null) throw new Error('An exchange code body is Crockford base32');
  return normalised + check;
}

export type CodeCheck = { ok: true; code: string } | { ok: false; reason: keyof typeof CODE_MESSAGES; message: string };

/**
 * Checks a typed or scanned code: answers its canonical form, or why it cannot be right.
 * A partly typed code is `incomplete` (the form waits); a full one with a wrong character is `wrong`.
 */
export function checkExchangeCode(input: string): CodeCheck {
  const code = normaliseExchangeCode(input);
  const fail = (reason: keyof typeof CODE_MESSAGES): CodeCheck => ({
    ok: false,
    reason,
    message: CODE_MESSAGES[reason],
  });
  if (code.length === 0) return fail('empty');
  const body = code.slice(0, CODE_BODY_LENGTH);
  // A character outside the alphabet is wrong however short the code is.
  if (checkCharacter(body) === null) return fail('wrong');
  if (code.length < CODE_LENGTH) return fail('incomplete');
  if (code.length > CODE_LENGTH) return fail('wrong');
  return code[CODE_BODY_LENGTH] === checkCharacter(body) ? { ok: true, code } : fail('wrong');
}

/** Groups a canonical code for reading and printing: `ABCD-EFGH-JKMN-PQRS-T`. */
export function formatExchangeCode(code: string): string {
  const c = normaliseExchangeCode(code);
  return (c.match(/.{1,4}/g) ?? []).join('-');
}

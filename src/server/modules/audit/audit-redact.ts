/**
 * What never enters the audit log (PRODUCT.md §8, issue 11): full identity numbers, exchange codes,
 * tokens, secrets and ciphertexts. Values under such keys are replaced, at any depth; masked forms
 * (`numberMasked`, `accountNoMasked`) are kept because they are what operators may see.
 */
const SECRET_KEY = /(token|secret|password|cipher|hash|^codes?$|^clearCodes$|^csv$|^idNumber$|^accountNo$)/i;
const KEEP_KEY = /masked$/i;

export const REDACTED = '[已隱藏]';

/** A copy of `value` with every secret-bearing field replaced by {@link REDACTED}; dates become ISO strings. */
export function redactForAudit(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactForAudit);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const secret = !KEEP_KEY.test(key) && SECRET_KEY.test(key) && v !== null && v !== undefined;
      out[key] = secret ? REDACTED : redactForAudit(v);
    }
    return out;
  }
  return value;
}

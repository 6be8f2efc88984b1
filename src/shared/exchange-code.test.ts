import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHECK_ALPHABET,
  CODE_MESSAGES,
  CROCKFORD_ALPHABET,
  checkCharacter,
  checkExchangeCode,
  formatExchangeCode,
  normaliseExchangeCode,
  withCheckCharacter,
} from './exchange-code';

const randomBody = () => Array.from(randomBytes(16), (b) => CROCKFORD_ALPHABET[b & 31]).join('');

describe('exchange code check character', () => {
  it('is the base-32 value of the body mod 37 (Crockford)', () => {
    // 0…0 is 0; "1" is 1; "Z" is 31; "10" is 32 → "*"; "11" is 33 → "~"; "14" is 36 → "U"; "15" is 37 → "0".
    expect(checkCharacter('0000000000000000')).toBe('0');
    expect(checkCharacter('1')).toBe('1');
    expect(checkCharacter('Z')).toBe('Z');
    expect(checkCharacter('10')).toBe('*');
    expect(checkCharacter('11')).toBe('~');
    expect(checkCharacter('14')).toBe('U');
    expect(checkCharacter('15')).toBe('0');
    // Cross-checked with BigInt arithmetic on random bodies.
    for (let i = 0; i < 200; i++) {
      const body = randomBody();
      const value = [...body].reduce((acc, ch) => acc * 32n + BigInt(CROCKFORD_ALPHABET.indexOf(ch)), 0n);
      expect(checkCharacter(body)).toBe(CHECK_ALPHABET[Number(value % 37n)]);
    }
  });

  it('rejects characters outside Crockford base32', () => {
    expect(checkCharacter('ABCU')).toBeNull();
    expect(checkCharacter('AB*C')).toBeNull();
  });

  it('appends the check character to a body', () => {
    const code = withCheckCharacter('0000000000000010');
    expect(code).toBe('0000000000000010*');
    expect(() => withCheckCharacter('ABC')).toThrow();
  });
});

describe('normaliseExchangeCode', () => {
  it('upper-cases, strips spaces and hyphens, folds I/L to 1 and O to 0', () => {
    expect(normaliseExchangeCode(' abcd-efgh ijkl-mnop ')).toBe('ABCDEFGH1JK1MN0P');
    expect(normaliseExchangeCode('o0-iIlL')).toBe('001111');
    expect(normaliseExchangeCode('ab－cd')).toBe('ABCD');
  });
});

describe('checkExchangeCode', () => {
  const valid = withCheckCharacter('7K3MQ2ZX9A8BC4DE');

  it('accepts a correct code however it was typed', () => {
    expect(checkExchangeCode(valid)).toEqual({ ok: true, code: valid });
    expect(checkExchangeCode(formatExchangeCode(valid).toLowerCase())).toEqual({ ok: true, code: valid });
  });

  it('catches every single-character substitution and adjacent transposition', () => {
    for (let trial = 0; trial < 50; trial++) {
      const code = withCheckCharacter(randomBody());
      for (let i = 0; i < code.length; i++) {
        for (const ch of CHECK_ALPHABET) {
          if (ch === code[i]) continue;
          const typo = code.slice(0, i) + ch + code.slice(i + 1);
          expect(checkExchangeCode(typo).ok).toBe(false);
        }
      }
      for (let i = 0; i < code.length - 2; i++) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(checkExchangeCode(swapped).ok).toBe(false);
      }
    }
  });

  it('tells empty, incomplete and wrong apart with zh-HK messages', () => {
    expect(checkExchangeCode('  ')).toMatchObject({ ok: false, reason: 'empty', message: CODE_MESSAGES.empty });
    expect(checkExchangeCode(valid.slice(0, 10))).toMatchObject({ ok: false, reason: 'incomplete' });
    expect(checkExchangeCode(`${valid}0`)).toMatchObject({
      ok: false,
      reason: 'wrong',
      message: '兌換碼有誤，請檢查後再輸入',
    });
    expect(checkExchangeCode('ABU')).toMatchObject({ ok: false, reason: 'wrong' });
    const last = valid[16] === '0' ? '1' : '0';
    expect(checkExchangeCode(valid.slice(0, 16) + last)).toMatchObject({ ok: false, reason: 'wrong' });
  });

  it('formats a code in groups of four for printing', () => {
    expect(formatExchangeCode('0000000000000010*')).toBe('0000-0000-0000-0010-*');
  });
});

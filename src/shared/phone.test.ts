import { describe, expect, it } from 'vitest';
import { maskPhone, seedPhoneCheck, toE164 } from './phone';

describe('toE164', () => {
  it('accepts Hong Kong, Macau and mainland mobiles', () => {
    expect(toE164('9123 4567')).toBe('+85291234567');
    expect(toE164('66123456', 'MO')).toBe('+85366123456');
    expect(toE164('138 1234 5678', 'CN')).toBe('+8613812345678');
    expect(toE164('+8613812345678')).toBe('+8613812345678');
  });

  it('rejects landlines, other countries and junk', () => {
    expect(toE164('2123 4567')).toBeNull();
    expect(toE164('28123456', 'MO')).toBeNull();
    expect(toE164('+14155552671')).toBeNull();
    expect(toE164('abc')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last four digits', () => {
    expect(maskPhone('+85291234567')).toBe('+852 9***4567');
    expect(maskPhone('+8613812345678')).toBe('+86 138****5678');
  });
});

describe('seedPhoneCheck (seed §5)', () => {
  it('accepts 1 and 10 digits with an optional +86 or 86 prefix', () => {
    expect(seedPhoneCheck('13812345678')).toBe(true);
    expect(seedPhoneCheck('8613812345678')).toBe(true);
    expect(seedPhoneCheck('+86 138-1234-5678'.replace(/-/g, ''))).toBe(true);
  });

  it('accepts 0 followed by 10 to 13 digits or hyphens', () => {
    expect(seedPhoneCheck('01012345678')).toBe(true);
    expect(seedPhoneCheck('010-1234-5678')).toBe(true);
    expect(seedPhoneCheck('0101234567890')).toBe(true);
  });

  it('removes every character other than digits, hyphen or pipe first', () => {
    expect(seedPhoneCheck(' 138 1234 5678 ')).toBe(true);
    expect(seedPhoneCheck('(010) 1234 5678')).toBe(true);
  });

  it('rejects other shapes', () => {
    expect(seedPhoneCheck('23812345678')).toBe(false);
    expect(seedPhoneCheck('1381234567')).toBe(false);
    expect(seedPhoneCheck('0123456789')).toBe(false);
    expect(seedPhoneCheck('01234567890123456')).toBe(false);
    expect(seedPhoneCheck('91234567')).toBe(false);
  });
});

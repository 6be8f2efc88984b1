import { describe, expect, it } from 'vitest';
import {
  hkidCheckDigit,
  isValidHkid,
  isValidPrcId,
  maskAccountNo,
  maskIdNumber,
  maskName,
  normalizeIdNumber,
  prcCheckDigit,
} from './identity';
import { PaymentUpdateBodySchema, VerifyIdentityBodySchema } from './schemas/identity';

describe('HKID', () => {
  it('accepts valid numbers with one- and two-letter prefixes, with or without brackets', () => {
    expect(isValidHkid('A123456(3)')).toBe(true);
    expect(isValidHkid('a1234563')).toBe(true);
    expect(isValidHkid('G123456(A)')).toBe(true);
    expect(isValidHkid('AB987654(3)')).toBe(true);
    expect(isValidHkid(' AB 987654 (3) ')).toBe(true);
  });
  it('refuses a wrong check digit or shape', () => {
    expect(isValidHkid('A123456(4)')).toBe(false);
    expect(isValidHkid('AB987654(4)')).toBe(false);
    expect(isValidHkid('G123456(0)')).toBe(false);
    expect(isValidHkid('ABC123456(7)')).toBe(false);
    expect(isValidHkid('A12345(6)')).toBe(false);
    expect(isValidHkid('1234567(8)')).toBe(false);
  });
  it('computes check digits, 10 as A', () => {
    expect(hkidCheckDigit('A', '123456')).toBe('3');
    expect(hkidCheckDigit('G', '123456')).toBe('A');
    expect(hkidCheckDigit('AB', '987654')).toBe('3');
  });
});

describe('PRC resident ID', () => {
  it('accepts a valid number (X check character, any case)', () => {
    expect(isValidPrcId('11010519491231002X')).toBe(true);
    expect(isValidPrcId('11010519491231002x')).toBe(true);
    expect(prcCheckDigit('11010519491231002')).toBe('X');
  });
  it('refuses a wrong check character, a wrong date or a wrong length', () => {
    expect(isValidPrcId('110105194912310021')).toBe(false);
    expect(isValidPrcId('11010519491331002X')).toBe(false); // month 13
    expect(isValidPrcId('1101051949123100')).toBe(false);
  });
});

describe('passport (format only)', () => {
  it('accepts letters and digits, refuses symbols and too-short values', () => {
    expect(normalizeIdNumber('passport', 'e1234567 8')).toBe('E12345678');
    expect(normalizeIdNumber('passport', 'AB1')).toBeNull();
    expect(normalizeIdNumber('passport', 'E123-456')).toBeNull();
    expect(normalizeIdNumber('passport', 'ABCDEFG')).toBeNull();
  });
});

describe('masks', () => {
  it('shows only a part of each number', () => {
    expect(maskIdNumber('hkid', 'A1234563')).toBe('A12****(3)');
    expect(maskIdNumber('hkid', 'AB9876543')).toBe('AB98****(3)');
    expect(maskIdNumber('prc_id', '11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('passport', 'E12345678')).toBe('E1*****78');
    expect(maskName('陳大明')).toBe('陳*明');
    expect(maskName('李明')).toBe('李*');
    expect(maskAccountNo('0041234567890')).toBe('********7890');
  });
});

describe('schemas', () => {
  it('normalises a valid HKID and names the field of a bad one in zh-HK', () => {
    expect(VerifyIdentityBodySchema.parse({ name: '陳大明', idType: 'hkid', idNumber: 'a123456(3)' }).idNumber).toBe(
      'A1234563',
    );
    const bad = VerifyIdentityBodySchema.safeParse({ name: '陳大明', idType: 'hkid', idNumber: 'A123456(4)' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['idNumber']);
    expect(bad.error!.issues[0]!.message).toContain('核對數字');
  });
  it('checks payout account numbers per method', () => {
    expect(
      PaymentUpdateBodySchema.parse({
        method: 'bank',
        accountName: 'CHAN TAI MAN',
        accountNo: '004-123-456789',
        code: '123456',
      }).accountNo,
    ).toBe('004123456789');
    expect(
      PaymentUpdateBodySchema.safeParse({
        method: 'payme',
        accountName: 'CHAN TAI MAN',
        accountNo: 'abc',
        code: '123456',
      }).success,
    ).toBe(false);
    expect(
      PaymentUpdateBodySchema.safeParse({
        method: 'fps',
        accountName: 'CHAN',
        accountNo: 'chan@example.com',
        code: '123456',
      }).success,
    ).toBe(true);
  });
});

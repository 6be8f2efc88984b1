import { describe, expect, it } from 'vitest';
import { formatHkd } from './money';

describe('formatHkd', () => {
  it('formats cents as HK dollars with two decimals', () => {
    expect(formatHkd(12800)).toBe('HK$128.00');
    expect(formatHkd(0)).toBe('HK$0.00');
    expect(formatHkd(5)).toBe('HK$0.05');
    expect(formatHkd(99)).toBe('HK$0.99');
  });

  it('groups thousands', () => {
    expect(formatHkd(123456789)).toBe('HK$1,234,567.89');
    expect(formatHkd(100_000_000)).toBe('HK$1,000,000.00');
  });

  it('keeps the sign of refunds and debits in front', () => {
    expect(formatHkd(-2550)).toBe('-HK$25.50');
  });
});

describe('formatHkd against the platform', () => {
  it('matches Intl en-HK with two decimals for amounts up to HK$100 million', () => {
    const intl = new Intl.NumberFormat('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let i = 0; i < 5_000; i++) {
      const cents = (i * 2_000_003) % 10_000_000_001;
      expect(formatHkd(cents)).toBe(`HK$${intl.format(cents / 100)}`);
    }
  });
});

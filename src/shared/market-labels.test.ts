import { describe, expect, it } from 'vitest';
import { bidWantText } from './market-labels';

describe('bidWantText', () => {
  it('says how many a bid asks for and how many it still wants, in 張 for cards and 件 for goods', () => {
    expect(bidWantText({ kind: 'card', quantity: 2, filled: 1 })).toBe('求購 2 張，尚欠 1 張');
    expect(bidWantText({ kind: 'card', quantity: 1, filled: 0 })).toBe('求購 1 張，尚欠 1 張');
    expect(bidWantText({ kind: 'goods', quantity: 3, filled: 0 })).toBe('求購 3 件，尚欠 3 件');
  });

  it('says a filled bid has all it asked for', () => {
    expect(bidWantText({ kind: 'goods', quantity: 2, filled: 2 })).toBe('求購 2 件，已全部收齊');
  });
});

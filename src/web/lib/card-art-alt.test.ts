import { describe, expect, it } from 'vitest';
import { cardArtAlt } from './card-art-alt';

describe('cardArtAlt', () => {
  it('names the card, its rarity and its serial in Chinese', () => {
    expect(cardArtAlt({ name: '天星小輪', rarity: 'SSR', serial: '#0001/1000' })).toBe(
      '天星小輪卡面，稀有度 SSR，編號 #0001/1000',
    );
  });

  it('leaves out what a view does not have (a card info has no serial)', () => {
    expect(cardArtAlt({ name: '天星小輪', rarity: 'R' })).toBe('天星小輪卡面，稀有度 R');
    expect(cardArtAlt({ name: '天星小輪', rarity: null, serial: null })).toBe('天星小輪卡面');
  });
});

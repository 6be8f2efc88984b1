import { describe, expect, it } from 'vitest';
import { costSourceOf, itemOf, totalsOf, valueOf } from './portfolio-value';
import type { HeldRow } from './portfolio.repository';

const held = (over: Partial<HeldRow>): HeldRow => ({
  kind: 'card',
  itemId: 'card_1',
  refId: 'ci_1',
  name: '火龍',
  image: '/1.svg',
  serial: 12,
  editionSize: 1000,
  themeId: 'thm_a',
  themeName: '星空系列',
  via: 'drop',
  paid: 3_000,
  ...over,
});

describe('portfolio arithmetic', () => {
  it('takes the market price unless thin, then the floor, then a thin market price, else no price', () => {
    const deep = { price: 5_000, sample: 8, thin: false };
    const thin = { price: 5_000, sample: 2, thin: true };
    expect(valueOf(deep, 4_000)).toEqual({ value: 5_000, source: 'market' });
    expect(valueOf(thin, 4_000)).toEqual({ value: 4_000, source: 'floor' });
    expect(valueOf(thin, undefined)).toEqual({ value: 5_000, source: 'market' });
    expect(valueOf({ price: null, sample: 0, thin: true }, undefined)).toEqual({ value: null, source: 'none' });
    expect(valueOf(undefined, 700)).toEqual({ value: 700, source: 'floor' });
  });

  it('costs codes, B cards and gifts nothing, whatever an event recorded', () => {
    expect(costSourceOf('drop', 3_000)).toBe('mall');
    expect(costSourceOf('purchase', 3_000)).toBe('mall');
    expect(costSourceOf('market', 8_000)).toBe('market');
    expect(costSourceOf('code', null)).toBe('code');
    expect(costSourceOf('set_exchange', null)).toBe('b_card');
    expect(costSourceOf('gift', null)).toBe('gift');
    expect(itemOf(held({ via: 'code', paid: 999 }), undefined, 2_000)).toMatchObject({
      cost: 0,
      costSource: 'code',
      value: 2_000,
      unrealised: 2_000,
      serialLabel: '#0012/1000',
    });
  });

  it('totals priced items only in value and unrealised P&L, every item in cost, and sales by theme', () => {
    const items = [
      itemOf(held({}), { price: 5_000, sample: 9, thin: false }, undefined),
      itemOf(held({ itemId: 'card_2', refId: 'ci_2' }), undefined, undefined),
      itemOf(held({ kind: 'goods', itemId: 'gds_1', themeId: null, themeName: null, serial: null }), undefined, 900),
    ];
    const names = new Map<string | null, string>([['thm_a', '星空系列']]);
    const t = totalsOf(items, names, [{ themeId: 'thm_a', themeName: '星空系列', proceeds: 4_750, paid: 3_000 }]);
    expect(t).toMatchObject({ items: 3, priced: 2, cost: 9_000, value: 5_900, unrealised: 5_900 - 6_000 });
    expect(t.realised).toBe(1_750);
    expect(t.themes.map((x) => [x.name, x.items, x.realised])).toEqual([
      ['星空系列', 2, 1_750],
      ['商品', 1, 0],
    ]);
  });
});

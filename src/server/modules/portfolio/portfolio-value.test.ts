import { describe, expect, it } from 'vitest';
import { itemOf, totalsOf, valueOf } from './portfolio-value';
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
  ...over,
});

const paid = { cost: 3_000, rule: 'paid' as const };

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

  it('costs an item what its sale to the owner set, with the rule; nothing known without a sale', () => {
    expect(itemOf(held({}), { cost: 2_534, rule: 'pack_share' }, undefined, 3_000)).toMatchObject({
      cost: 2_534,
      costRule: 'pack_share',
      value: 3_000,
      unrealised: 466,
      serialLabel: '#0012/1000',
    });
    expect(itemOf(held({}), { cost: 0, rule: 'code' }, undefined, 2_000)).toMatchObject({ cost: 0, costRule: 'code' });
    expect(itemOf(held({}), undefined, undefined, 2_000)).toMatchObject({ cost: 0, costRule: null, unrealised: 2_000 });
  });

  it('totals priced items only in value and unrealised P&L, every item in cost, and sales by theme', () => {
    const items = [
      itemOf(held({}), paid, { price: 5_000, sample: 9, thin: false }, undefined),
      itemOf(held({ itemId: 'card_2', refId: 'ci_2' }), paid, undefined, undefined),
      itemOf(
        held({ kind: 'goods', itemId: 'gds_1', themeId: null, themeName: null, serial: null }),
        paid,
        undefined,
        900,
      ),
    ];
    const names = new Map<string | null, string>([['thm_a', '星空系列']]);
    const t = totalsOf(items, names, [{ themeId: 'thm_a', proceeds: 4_750, cost: 3_000 }]);
    expect(t).toMatchObject({ items: 3, priced: 2, cost: 9_000, value: 5_900, unrealised: 5_900 - 6_000 });
    expect(t.realised).toBe(1_750);
    expect(t.themes.map((x) => [x.name, x.items, x.realised])).toEqual([
      ['星空系列', 2, 1_750],
      ['商品', 1, 0],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Right } from '../../../shared/schemas/catalogue';
import { rightBody, rightValues } from './rights-fields';

/** The back office's rights form (decision 029): a stored right, shown and sent back, keeps its id and effect. */
describe('rights in the back-office form', () => {
  const limit = { period: 'month', per: 'holder', uses: 1, minSpendCents: 30_000 } as const;
  const stored: Right[] = [
    {
      id: 'discount',
      title: '商城 8 折（每月一次，單筆滿 HK$300.00）',
      description: '…',
      effect: { kind: 'discount', percentOff: 20, productType: 1, limit },
    },
    {
      id: 'priority',
      title: '優先購買權',
      description: '…',
      effect: { kind: 'priority', windowHours: 24, themeId: null },
    },
    {
      id: 'gift',
      title: '免費領取',
      description: '…',
      effect: { kind: 'free_item', productId: 'prd_1', limit: { ...limit, minSpendCents: null } },
    },
    { id: 'words', title: '週年紀念禮品', description: '持卡人可領取紀念卡。', effect: null },
  ];

  it('round-trips every kind: the effect and id are what the server gets back', () => {
    for (const r of stored) expect(rightBody(rightValues(r))).toEqual({ ...r, effect: r.effect ?? null });
  });

  it('shows the minimum spend in dollars, and 所有商品 for a discount on every product', () => {
    expect(rightValues(stored[0]!)).toMatchObject({ kind: 'discount', minSpend: 300, productType: 1 });
    const all = rightBody({
      kind: 'discount',
      percentOff: 10,
      productType: 'all',
      period: 'lifetime',
      per: 'card',
      uses: 2,
    });
    expect(all.effect).toEqual({
      kind: 'discount',
      percentOff: 10,
      productType: null,
      limit: { period: 'lifetime', per: 'card', uses: 2, minSpendCents: null },
    });
  });
});

// The price history's fixed values and their zh-HK labels, without zod: the price history panel on the detail screens
// needs these, not the schemas (./schemas/prices.ts re-exports them). Evaluating zod and the schemas it would bring
// cost the panel's import one task of about 110 ms under Lighthouse's 4× CPU slowdown (decision 035).

export const PRICE_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  '7d': '7 日',
  '30d': '30 日',
  '90d': '90 日',
  all: '全部',
};

/** Why a sale is left out of the market price. */
export const SALE_EXCLUSIONS = ['shared_payout', 'round_trip', 'outlier'] as const;
export type SaleExclusion = (typeof SALE_EXCLUSIONS)[number];
export const SALE_EXCLUSION_LABELS: Record<SaleExclusion, string> = {
  shared_payout: '買賣雙方共用收款帳戶',
  round_trip: '7 日內同一物品來回轉手',
  outlier: '價格偏離其他成交太遠',
};

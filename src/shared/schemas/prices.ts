import { z } from 'zod';

/**
 * The market price (PRODUCT.md §10, docs/decisions/032-market-price.md): the median of the completed market sales of
 * a card info / product in the last 30 days, or of its last 10 sales if fewer, without wash trades and outliers.
 */
export const MarketPriceSchema = z.object({
  /** Cents; null when no sale counts. */
  price: z.number().int().nullable(),
  /** Sales the median is taken over. */
  sample: z.number().int(),
  /** Fewer than MARKET_PRICE_THIN sales: shown with 「成交稀少」. */
  thin: z.boolean(),
});
export type MarketPrice = z.infer<typeof MarketPriceSchema>;

/** Under this many counted sales the market price is flagged 「成交稀少」. */
export const MARKET_PRICE_THIN = 5;

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

/** `cardInfo/priceHistory`, `product/priceHistory`. */
export const PriceHistoryQuerySchema = z.object({
  id: z.string().min(1, '請提供編號').max(64, '編號無效'),
  range: z.enum(PRICE_RANGES, { error: '時間範圍只可以是 7d、30d、90d 或 all' }).default('30d'),
});

/** One Hong Kong calendar day of counted sales. */
export const PricePointSchema = z.object({
  /** `2026-11-22` (Hong Kong day). */
  day: z.string(),
  median: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
  count: z.number().int(),
});
export type PricePoint = z.infer<typeof PricePointSchema>;

export const PriceSaleSchema = z.object({
  price: z.number().int(),
  at: z.iso.datetime(),
  excluded: z.boolean(),
  reason: z.enum(SALE_EXCLUSIONS).nullable(),
});
export type PriceSale = z.infer<typeof PriceSaleSchema>;

export const PriceHistorySchema = z.object({
  range: z.enum(PRICE_RANGES),
  marketPrice: MarketPriceSchema,
  /** The market price when the range began (null: none then). */
  startPrice: z.number().int().nullable(),
  /** Market price now minus at the range's start, in cents, and in per cent of the start; null without both. */
  change: z.number().int().nullable(),
  changePct: z.number().nullable(),
  /** Days with counted sales, oldest first. */
  points: z.array(PricePointSchema),
  /** The range's sales, newest first (at most PRICE_SALES_SHOWN), each marked when left out and why. */
  sales: z.array(PriceSaleSchema),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

export const PRICE_SALES_SHOWN = 100;

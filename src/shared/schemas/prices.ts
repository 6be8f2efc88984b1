import { z } from 'zod';
import { CardInfoSchema, ProductSchema } from './catalogue';

// Declared in market.ts and named here too: the web's market and collection chunks carry the field without this
// file, which only the price history panel needs (the first screen's file list is at its budget; decision 032).
import { MarketPriceSchema } from './market';
export { MARKET_PRICE_THIN, MarketPriceSchema, type MarketPrice } from './market';

import { PRICE_RANGES, SALE_EXCLUSIONS } from '../price-labels';
export {
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
  SALE_EXCLUSION_LABELS,
  SALE_EXCLUSIONS,
  type PriceRange,
  type SaleExclusion,
} from '../price-labels';

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

/*
 * The catalogue's details with the market price. Declared here rather than in catalogue.ts, so the web's catalogue
 * chunk does not pull this file in (the first screen's file list is at its budget; decision 032).
 */

/** `cardInfo/detail`: a card info with its market price. */
export const CardInfoDetailSchema = CardInfoSchema.extend({ marketPrice: MarketPriceSchema });
export type CardInfoDetail = z.infer<typeof CardInfoDetailSchema>;

/** `product/detail`: a product with its market price. */
export const ProductDetailSchema = ProductSchema.extend({ marketPrice: MarketPriceSchema });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

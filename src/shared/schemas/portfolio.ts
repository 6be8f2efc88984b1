import { z } from 'zod';
import { ITEM_KINDS } from '../market-labels';
import { COST_RULES } from '../sale-ways';

/**
 * What a collection is worth (issue 24): cost basis from the sale record (decision 049), value from the market price (or
 * the floor where the market is thin), profit and loss, and daily snapshots. Amounts in HKD cents.
 */

/** What the list says of an item no sale gave its owner (cards minted before the sale record): no known cost. */
export const NO_COST_RULE_LABEL = '未有成交記錄（成本 0）';

/** What an item's value is: the market price, the lowest ask where the market is thin, or no price. */
export const VALUE_SOURCES = ['market', 'floor', 'none'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];
export const VALUE_SOURCE_LABELS: Record<ValueSource, string> = {
  market: '市場價',
  floor: '最低叫價',
  none: '未有價格',
};

export const PortfolioItemSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  itemId: z.string(),
  name: z.string(),
  image: z.string(),
  /** `#0012/1000` for cards. */
  serialLabel: z.string().nullable(),
  themeId: z.string().nullable(),
  /** The cost basis: what the item's latest sale to its owner set (decision 049). */
  cost: z.number().int(),
  /**
   * How that sale set it (`COST_RULE_LABELS`): the price paid, a pack's price shared, the cards given for a B card, or
   * nothing for a code; null when no sale gave the item to its owner (cost 0).
   */
  costRule: z.enum(COST_RULES).nullable(),
  /** Null: no price (neither a market price nor an open sell listing). */
  value: z.number().int().nullable(),
  valueSource: z.enum(VALUE_SOURCES),
  /** value − cost; null without a price. */
  unrealised: z.number().int().nullable(),
});
export type PortfolioItem = z.infer<typeof PortfolioItemSchema>;

const totals = {
  /** Held items, and how many of them have a price. */
  items: z.number().int(),
  priced: z.number().int(),
  /** Cost basis of every held item. */
  cost: z.number().int(),
  /** Value of the priced items. */
  value: z.number().int(),
  /** Value − cost of the priced items. */
  unrealised: z.number().int(),
  /** Sale proceeds net of fees − cost basis of the items sold. */
  realised: z.number().int(),
};

/** A theme's line (goods under 「商品」, themeId null). */
export const PortfolioThemeSchema = z.object({ themeId: z.string().nullable(), name: z.string(), ...totals });
export type PortfolioTheme = z.infer<typeof PortfolioThemeSchema>;

/** `GET portfolio/summary`: the signed-in user's own. */
export const PortfolioSummarySchema = z.object({
  ...totals,
  /** Value now − the value of the last daily snapshot before today; null without one. */
  change: z.number().int().nullable(),
  /** The day that change is measured from (`2026-11-25`). */
  changeSince: z.string().nullable(),
  themes: z.array(PortfolioThemeSchema),
  /** The held items, the most valuable first (at most 500). */
  list: z.array(PortfolioItemSchema),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummarySchema>;

export const PORTFOLIO_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];
export const PORTFOLIO_RANGE_DAYS: Record<PortfolioRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
export const PORTFOLIO_RANGE_LABELS: Record<PortfolioRange, string> = {
  '7d': '7 日',
  '30d': '30 日',
  '90d': '90 日',
  '1y': '1 年',
};

export const PortfolioHistoryQuerySchema = z.object({
  range: z.enum(PORTFOLIO_RANGES, { error: '時間範圍只可以是 7d、30d、90d 或 1y' }).default('30d'),
});
export type PortfolioHistoryQuery = z.input<typeof PortfolioHistoryQuerySchema>;

export const PortfolioPointSchema = z.object({
  /** The Hong Kong day (`2026-11-25`). */
  day: z.string(),
  value: z.number().int(),
  cost: z.number().int(),
});
export type PortfolioPoint = z.infer<typeof PortfolioPointSchema>;

/** `GET portfolio/history?range=`: the daily snapshots of the range, oldest first. */
export const PortfolioHistorySchema = z.object({
  range: z.enum(PORTFOLIO_RANGES),
  points: z.array(PortfolioPointSchema),
});
export type PortfolioHistory = z.infer<typeof PortfolioHistorySchema>;

import { z } from 'zod';

/** `theme/completionQuote?themeId=`. */
export const SetQuoteQuerySchema = z.object({
  themeId: z.string({ error: '請選擇卡冊' }).min(1, '請選擇卡冊').max(64, '卡冊編號不正確'),
});

/** A card of the set, as the quote shows it; `marketPrice` is its market price (null when it has none). */
export const SetQuoteCardSchema = z.object({
  cardInfoId: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string(),
  marketPrice: z.number().int().nullable(),
});
export type SetQuoteCard = z.infer<typeof SetQuoteCardSchema>;

/** Where a quote's card comes from (issue 44): the mall's own editions (商城) or a market listing (市場). */
export const SET_QUOTE_SOURCES = ['mall', 'market'] as const;
export const SET_QUOTE_SOURCE_LABELS: Record<(typeof SET_QUOTE_SOURCES)[number], string> = {
  mall: '商城',
  market: '市場',
};

/** A missing card and its cheapest source: the mall's price or the cheapest open sell listing. Amounts are HKD cents. */
export const SetQuoteLineSchema = SetQuoteCardSchema.extend({
  source: z.enum(SET_QUOTE_SOURCES),
  /** The listing bought (market); null for the mall. */
  listingId: z.string().nullable(),
  price: z.number().int(),
  /** The listed copy's `#0012/1000` (market); null for the mall, whose serial is given when paid. */
  serialLabel: z.string().nullable(),
  /** Editions the mall has left (mall); null for the market. */
  left: z.number().int().nullable(),
});
export type SetQuoteLine = z.infer<typeof SetQuoteLineSchema>;

/**
 * A missing card neither the mall nor anybody on the market sells; `suggestedBid` is what its one-step bid starts from
 * (market price, else mall price).
 */
export const SetQuoteUnlistedSchema = SetQuoteCardSchema.extend({ suggestedBid: z.number().int() });
export type SetQuoteUnlisted = z.infer<typeof SetQuoteUnlistedSchema>;

/**
 * The cheapest way to complete a started theme (decision 042): what the user owns, each missing card with its
 * cheapest source, mall or market (`lines`, paid together by a `set` pay order while the quote is valid), and the
 * missing cards nobody sells (`unlisted`, bid for in one step by `market/createBids`). `quoteId` is null when there is
 * nothing to buy.
 */
export const SetQuoteSchema = z.object({
  quoteId: z.string().nullable(),
  themeId: z.string(),
  themeName: z.string(),
  owned: z.array(SetQuoteCardSchema),
  lines: z.array(SetQuoteLineSchema),
  unlisted: z.array(SetQuoteUnlistedSchema),
  total: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type SetQuote = z.infer<typeof SetQuoteSchema>;

/** How long a quote may be paid (2 minutes). */
export const SET_QUOTE_TTL_MS = 2 * 60_000;

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

/** A missing card and the cheapest open sell listing that fills it. Amounts are HKD cents. */
export const SetQuoteLineSchema = SetQuoteCardSchema.extend({
  listingId: z.string(),
  price: z.number().int(),
  /** `#0012/1000` */
  serialLabel: z.string(),
});
export type SetQuoteLine = z.infer<typeof SetQuoteLineSchema>;

/** A missing card nobody sells; `suggestedBid` is what its one-step bid starts from (market price, else mall price). */
export const SetQuoteUnlistedSchema = SetQuoteCardSchema.extend({ suggestedBid: z.number().int() });
export type SetQuoteUnlisted = z.infer<typeof SetQuoteUnlistedSchema>;

/**
 * The cheapest way to complete a started theme (decision 042): what the user owns, each missing card with its
 * cheapest listing (`lines`, paid together by a `set` pay order while the quote is valid), and the missing cards
 * nobody sells (`unlisted`, bid for in one step by `market/createBids`). `quoteId` is null when there is nothing to buy.
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

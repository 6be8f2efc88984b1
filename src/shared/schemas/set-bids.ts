import { z } from 'zod';
import { ListingSchema } from './market';
import { PriceSchema, refId as id } from './market-requests';

/** Most bids one `market/createBids` places (a theme's unlisted cards; the order's total stays within its column). */
export const MAX_SET_BIDS = 20;

/** What a one-step bid starts from when the card has neither a market price nor a mall price (HK$10). */
export const DEFAULT_SET_BID_CENTS = 1_000;

/**
 * `market/createBids` (decision 042, amended): a buy listing for each of a theme's cards at its own price, all funded
 * by one `bids` pay order, or none. Each card once.
 */
export const CreateSetBidsBodySchema = z.strictObject({
  themeId: id('卡冊'),
  cards: z
    .array(z.strictObject({ cardInfoId: id('卡牌'), price: PriceSchema }), { error: '請選擇要求購的卡牌' })
    .min(1, '請選擇最少一張要求購的卡牌')
    .max(MAX_SET_BIDS, `一次最多求購 ${MAX_SET_BIDS} 張卡牌`)
    .refine((cards) => new Set(cards.map((c) => c.cardInfoId)).size === cards.length, '每張卡牌只可求購一次'),
});
export type CreateSetBidsBody = z.infer<typeof CreateSetBidsBodySchema>;

/** The buy listings placed (pending payment until their order is paid) and the one order that funds them all. */
export const CreateSetBidsResultSchema = z.object({
  orderNo: z.string(),
  /** The checkout; null when the order is no longer pending. */
  payUrl: z.string().nullable(),
  amountCents: z.number().int(),
  listings: z.array(ListingSchema),
});
export type CreateSetBidsResult = z.infer<typeof CreateSetBidsResultSchema>;

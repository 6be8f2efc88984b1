import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PRICE_MAX_CENTS, PRICE_MIN_CENTS, RARITIES } from '../constants';
import { formatHkd } from '../money';
import { ITEM_KINDS, LISTING_STATUSES, MARKET_ORDER_STATUSES, LISTING_SORTS, MARKET_ROW_SORTS } from '../market-labels';
import type { SellType } from '../market-labels';

/** What the market's calls take: query strings and bodies (their answers: ./market.ts). */

/** HK$1 – HK$1,000,000 in cents (PRODUCT.md §7). */
export const PriceSchema = z
  .number({ error: '請輸入價格' })
  .int('價格以「仙」為單位，必須是整數')
  .min(PRICE_MIN_CENTS, `價格最少為 ${formatHkd(PRICE_MIN_CENTS)}`)
  .max(PRICE_MAX_CENTS, `價格最多為 ${formatHkd(PRICE_MAX_CENTS)}`);

/** A required id field of a request (a listing, a card, a theme), named in its zh-HK messages. */
export const refId = (label: string) =>
  z
    .string({ error: `請選擇${label}` })
    .trim()
    .min(1, `請選擇${label}`)
    .max(64, `找不到此${label}`);
const id = refId;

/** A card's serial in a bid's range: a whole number from 1. */
const SerialSchema = z
  .number({ error: '序號必須是整數' })
  .int('序號必須是整數')
  .min(1, '序號最少為 1')
  .max(1_000_000, '序號過大');

// ---- queries -------------------------------------------------------------------------------------

const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};
/** `sell_type` in a query string: 0 = sell listings, any other value = buy listings (seed §3). */
export const sellTypeQuery = z.coerce
  .number({ error: '「掛單類型」格式不正確' })
  .int('「掛單類型」格式不正確')
  .default(0)
  .transform((v): SellType => (v === 0 ? 0 : 1));
const priceQuery = z.coerce
  .number({ error: '價格範圍格式不正確' })
  .int('價格範圍以「仙」為單位')
  .min(0, '價格範圍不可為負數')
  .max(PRICE_MAX_CENTS, '價格範圍過大')
  .optional();
const filters = {
  sell_type: sellTypeQuery,
  themeId: z.string().min(1).max(64).optional(),
  rarity: z.enum(RARITIES, { error: '「稀有度」只可以是 N、R、SR、SSR 或 UR' }).optional(),
  /** Cents, inclusive. */
  minPrice: priceQuery,
  maxPrice: priceQuery,
  /** Part of the card or product name. */
  keyword: z.string().trim().max(50, '搜尋字詞最多 50 個字').optional(),
};

/** `market/list`: public listings. */
export const MarketListQuerySchema = z.object({
  ...page,
  ...filters,
  kind: z.enum(ITEM_KINDS, { error: '「類別」只可為 card 或 goods' }).optional(),
  cardInfoId: z.string().min(1).max(64).optional(),
  productId: z.string().min(1).max(64).optional(),
  sort: z.enum(LISTING_SORTS, { error: '排序方式只可為 price_asc、price_desc 或 newest' }).default('price_asc'),
});
export type MarketListQuery = z.input<typeof MarketListQuerySchema>;

/** `cardInfo/marketList` and `product/marketList`: one row per card info / product. */
export const MarketRowQuerySchema = z.object({
  ...page,
  ...filters,
  /** product/marketList only: 1 = physical, 0 = other; absent = both. */
  type: z.enum(['0', '1'], { error: '「類型」只可以是 0（其他）或 1（實物）' }).transform(Number).optional(),
  sort: z.enum(MARKET_ROW_SORTS, { error: '排序方式只可為 price_asc、price_desc、newest 或 count' }).default('newest'),
});
export type MarketRowQuery = z.input<typeof MarketRowQuerySchema>;

/** `market/detail`: one listing (`id`) or all listings of one card info / product. */
export const MarketDetailQuerySchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    cardInfoId: z.string().min(1).max(64).optional(),
    productId: z.string().min(1).max(64).optional(),
    sell_type: sellTypeQuery,
  })
  .refine((q) => [q.id, q.cardInfoId, q.productId].filter(Boolean).length === 1, {
    message: '請指定一個掛單、卡牌或商品',
    path: ['id'],
  });
export type MarketDetailQuery = z.input<typeof MarketDetailQuerySchema>;

/** `market/myList`: the user's own listings. */
export const MyListingsQuerySchema = z.object({
  ...page,
  sell_type: sellTypeQuery,
  status: z.enum(LISTING_STATUSES, { error: '狀態不正確' }).optional(),
});
export type MyListingsQuery = z.input<typeof MyListingsQuerySchema>;

/** `market/userList`: a seller's active listings; `market/userInfo` their profile. */
export const UserListingsQuerySchema = z.object({ ...page, id: id('賣家'), sell_type: sellTypeQuery });
export type UserListingsQuery = z.input<typeof UserListingsQuerySchema>;
export const UserIdQuerySchema = z.object({ id: id('賣家') });

/** `market/canConsignList`: the user's items that can be listed now. */
export const ConsignableQuerySchema = z.object({
  ...page,
  kind: z.enum(ITEM_KINDS, { error: '「類別」只可為 card 或 goods' }).default('card'),
});
export type ConsignableQuery = z.input<typeof ConsignableQuerySchema>;

/** `market/orderList`: as buyer or seller. */
export const MarketOrderListQuerySchema = z.object({
  ...page,
  role: z.enum(['buyer', 'seller'], { error: '「身份」只可為 buyer 或 seller' }).default('buyer'),
  status: z.enum(MARKET_ORDER_STATUSES, { error: '狀態不正確' }).optional(),
  kind: z.enum(ITEM_KINDS).optional(),
});
export type MarketOrderListQuery = z.input<typeof MarketOrderListQuerySchema>;

/** `card/marketBuyList`, `goods/marketBuyList`: what the user bought on the market. */
export const MarketBuyListQuerySchema = z.object(page);

// ---- bodies --------------------------------------------------------------------------------------

/**
 * `market/create`: a sell listing of an owned item, or a buy listing for a card info / product
 * (funded through the `bid` pay order it returns; send an `Idempotency-Key` header).
 */
export const CreateListingBodySchema = z.discriminatedUnion(
  'sell_type',
  [
    z.strictObject({
      sell_type: z.literal(0),
      kind: z.enum(ITEM_KINDS, { error: '請選擇卡牌或物品' }),
      itemId: id('要出售的物品'),
      price: PriceSchema,
    }),
    z
      .strictObject({
        sell_type: z.literal(1),
        kind: z.enum(ITEM_KINDS, { error: '請選擇卡牌或物品' }),
        cardInfoId: id('卡牌').optional(),
        productId: id('商品').optional(),
        price: PriceSchema,
        /** Copies wanted (1–10): each fill settles one; the escrow holds price × quantity. */
        quantity: z
          .number({ error: '求購數量必須是 1 至 10 的整數' })
          .int('求購數量必須是 1 至 10 的整數')
          .min(1, '求購數量最少為 1')
          .max(10, '求購數量最多為 10')
          .default(1),
        /** A card bid's serial range (「#1–#10」; equal for one serial): only a card in it can fill the bid. */
        serialMin: SerialSchema.optional(),
        serialMax: SerialSchema.optional(),
      })
      .superRefine((v, ctx) => {
        if (v.serialMin !== undefined || v.serialMax !== undefined) {
          if (v.kind !== 'card')
            ctx.addIssue({ code: 'custom', path: ['serialMin'], message: '只有求購卡牌時才可以指定序號' });
          else if (v.serialMin === undefined || v.serialMax === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [v.serialMin === undefined ? 'serialMin' : 'serialMax'],
              message: '請同時填寫起始及結束序號（只要一個序號時，兩者填相同）',
            });
          else if (v.serialMin > v.serialMax)
            ctx.addIssue({ code: 'custom', path: ['serialMax'], message: '結束序號不可小於起始序號' });
        }
        if (v.kind === 'card' && (!v.cardInfoId || v.productId))
          ctx.addIssue({ code: 'custom', path: ['cardInfoId'], message: '求購卡牌請只選擇一張卡牌（cardInfoId）' });
        if (v.kind === 'goods' && (!v.productId || v.cardInfoId))
          ctx.addIssue({ code: 'custom', path: ['productId'], message: '求購物品請只選擇一件商品（productId）' });
      }),
  ],
  { error: '「掛單類型」只可為 0（出售）或 1（求購）' },
);
export type CreateListingBody = z.input<typeof CreateListingBodySchema>;

export const ListingIdBodySchema = z.strictObject({ id: id('掛單') });
export const MarketCancelOrderBodySchema = z.strictObject({
  orderNo: z.string({ error: '請提供訂單編號' }).regex(/^TR[0-9A-Z]{8,24}$/, '訂單編號格式不正確'),
});
/** `market/confirmOrder`; `price` is the bid the seller saw: a bid repriced since is refused, not filled at the new price. */
export const ConfirmOrderBodySchema = z.strictObject({
  listingId: id('求購掛單'),
  itemId: id('要賣出的物品'),
  price: PriceSchema.optional(),
});

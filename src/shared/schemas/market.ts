import { z } from 'zod';
import {
  MARKET_FEE_MIN_CENTS,
  MARKET_FEE_RATE,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  RARITIES,
} from '../constants';
import { formatHkd } from '../money';
import { ITEM_KINDS, LISTING_STATUSES, MARKET_ORDER_STATUSES, LISTING_SORTS, MARKET_ROW_SORTS } from '../market-labels';
import type { SellType } from '../market-labels';

export * from '../market-labels';

/** HK$1 – HK$1,000,000 in cents (PRODUCT.md §7). */
export const PriceSchema = z
  .number({ error: '請輸入價格' })
  .int('價格以「仙」為單位，必須是整數')
  .min(PRICE_MIN_CENTS, `價格最少為 ${formatHkd(PRICE_MIN_CENTS)}`)
  .max(PRICE_MAX_CENTS, `價格最多為 ${formatHkd(PRICE_MAX_CENTS)}`);

const id = (label: string) =>
  z
    .string({ error: `請選擇${label}` })
    .trim()
    .min(1, `請選擇${label}`)
    .max(64, `找不到此${label}`);

// ---- queries -------------------------------------------------------------------------------------

const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};
/** `sell_type` in a query string: 0 = sell listings, any other value = buy listings (seed §3). */
const sellTypeQuery = z.coerce
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
      })
      .superRefine((v, ctx) => {
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
export const ConfirmOrderBodySchema = z.strictObject({ listingId: id('求購掛單'), itemId: id('要賣出的物品') });

// ---- answers -------------------------------------------------------------------------------------

export const PublicUserSchema = z.object({ id: z.string(), nickname: z.string(), avatar: z.string().nullable() });
export type PublicUser = z.infer<typeof PublicUserSchema>;

const itemFields = {
  kind: z.enum(ITEM_KINDS),
  cardInfoId: z.string().nullable(),
  productId: z.string().nullable(),
  /** The card or goods id: set on sell listings, and on buy listings once filled. */
  itemId: z.string().nullable(),
  itemName: z.string(),
  itemImage: z.string(),
  rarity: z.enum(RARITIES).nullable(),
  themeId: z.string().nullable(),
  serial: z.number().int().nullable(),
  editionSize: z.number().int().nullable(),
  /** `#0012/1000` for cards. */
  serialLabel: z.string().nullable(),
};

/** A listing as anyone may see it. Amounts in HKD cents. */
export const ListingSchema = z.object({
  id: z.string(),
  sell_type: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(LISTING_STATUSES),
  price: z.number().int(),
  /** Market fee a seller pays on this price, and what they receive. */
  fee: z.number().int(),
  proceeds: z.number().int(),
  ...itemFields,
  /** The seller (sell listing) or the bidder (buy listing). */
  user: PublicUserSchema,
  /** The viewer posted it. */
  mine: z.boolean(),
  /** Why an operator took it down (status taken_down); only its owner sees it. */
  takedownReason: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Listing = z.infer<typeof ListingSchema>;

/** `market/create`: the listing, and for a buy listing the `bid` pay order to pay. */
export const CreateListingResultSchema = z.object({
  listing: ListingSchema,
  /** PayOrderSchema of shared/schemas/pay-orders (type `bid`); null for sell listings. */
  orderNo: z.string().nullable(),
  payUrl: z.string().nullable(),
});
export type CreateListingResult = z.infer<typeof CreateListingResultSchema>;

export const SaleSchema = z.object({ price: z.number().int(), at: z.iso.datetime() });
export type Sale = z.infer<typeof SaleSchema>;

/** A row of `cardInfo/marketList` / `product/marketList`. */
export const MarketRowSchema = z.object({
  /** card info id or product id. */
  id: z.string(),
  kind: z.enum(ITEM_KINDS),
  name: z.string(),
  image: z.string(),
  rarity: z.enum(RARITIES).nullable(),
  themeId: z.string().nullable(),
  /** product type (0 other, 1 physical); null for cards. */
  type: z.number().int().nullable(),
  /** Lowest ask (sell_type 0) or highest bid (sell_type 1) among active listings. */
  bestPrice: z.number().int(),
  /** Active listings of that side. */
  count: z.number().int(),
  /** Lowest active ask, whichever side is asked. */
  floorPrice: z.number().int().nullable(),
  lastSale: SaleSchema.nullable(),
});
export type MarketRow = z.infer<typeof MarketRowSchema>;

/** `market/detail`. */
export const MarketDetailSchema = z.object({
  /** The listing asked for by `id`; null when asked by card info / product. */
  listing: ListingSchema.nullable(),
  item: z.object({
    kind: z.enum(ITEM_KINDS),
    id: z.string(),
    name: z.string(),
    image: z.string(),
    description: z.string(),
    rarity: z.enum(RARITIES).nullable(),
    themeId: z.string().nullable(),
    editionSize: z.number().int().nullable(),
  }),
  floorPrice: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
  lastSale: SaleSchema.nullable(),
  /** Last 30 sales of the card info / product, newest first. */
  sales: z.array(SaleSchema),
  /** Other active listings of it (same sell_type), cheapest ask / highest bid first, at most 20. */
  listings: z.array(ListingSchema),
});
export type MarketDetail = z.infer<typeof MarketDetailSchema>;

/** `market/userInfo`: a storefront's header. */
export const SellerProfileSchema = PublicUserSchema.extend({
  bio: z.string(),
  verified: z.boolean(),
  activeListings: z.number().int(),
  sales: z.number().int(),
  joinedAt: z.iso.datetime(),
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;

/** A row of `market/canConsignList`. */
export const ConsignableItemSchema = z.object({
  ...itemFields,
  itemId: z.string(),
  acquiredAt: z.iso.datetime(),
  floorPrice: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
  lastSale: SaleSchema.nullable(),
});
export type ConsignableItem = z.infer<typeof ConsignableItemSchema>;

/** A market order (`market/orderList`, `card/marketBuyList`, `goods/marketBuyList`). */
export const MarketOrderSchema = z.object({
  id: z.string(),
  /** The pay order (sell listing purchases and bid funding); null for a fill of a buy listing. */
  orderNo: z.string().nullable(),
  listingId: z.string(),
  sell_type: z.union([z.literal(0), z.literal(1)]),
  role: z.enum(['buyer', 'seller']),
  status: z.enum(MARKET_ORDER_STATUSES),
  ...itemFields,
  price: z.number().int(),
  /** Seller's fee and proceeds (shown to the seller; the buyer pays `price`). */
  fee: z.number().int(),
  proceeds: z.number().int(),
  counterparty: PublicUserSchema,
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type MarketOrder = z.infer<typeof MarketOrderSchema>;

/** Market fee (5 %, at least HK$1) and proceeds of a price; the same sum on the form and the server. */
export function marketFee(price: number): { fee: number; proceeds: number } {
  const fee = Math.min(price, Math.max(Math.round(price * MARKET_FEE_RATE), MARKET_FEE_MIN_CENTS));
  return { fee, proceeds: price - fee };
}

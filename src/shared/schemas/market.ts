import { z } from 'zod';
import { MARKET_FEE_MIN_CENTS, MARKET_FEE_RATE, RARITIES } from '../constants';
import { ITEM_KINDS, LISTING_STATUSES, MARKET_ORDER_STATUSES } from '../market-labels';
import { SALE_WAYS } from '../sale-ways';
import { StandingSchema } from './standing';

export * from '../market-labels';

export * from './market-requests';

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
  /** Copies a buy listing asks for (1 for a sell listing), and how many are filled. */
  quantity: z.number().int(),
  filled: z.number().int(),
  /** A card bid's serial range (null: any serial), and its label 「#1–#10」 / 「#7」. */
  serialMin: z.number().int().nullable(),
  serialMax: z.number().int().nullable(),
  serialRange: z.string().nullable(),
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
  /** Median of honest recent sales (decision 032). */
  marketPrice: MarketPriceSchema,
  /** The bids side of cards: the best bid's serial range 「#1–#10」 / 「#7」 (issue 24), null when it takes any serial. */
  bestSerialRange: z.string().nullable(),
  /** The bids side: how many copies the best bid asks for and how many are filled (issue 44); null on the asks side. */
  bestWant: z.object({ quantity: z.number().int(), filled: z.number().int() }).nullable(),
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
  marketPrice: MarketPriceSchema,
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
  joinedAt: z.iso.datetime(),
  /** Seller standing (issue 21 §4): figures (sales among them) only from STANDING_MIN_TRADES trades. */
  standing: StandingSchema,
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
  marketPrice: MarketPriceSchema,
});
export type ConsignableItem = z.infer<typeof ConsignableItemSchema>;

/** A market order (`market/orderList`, `card/marketBuyList`, `goods/marketBuyList`). */
export const MarketOrderSchema = z.object({
  /** A completed trade's sale id (decision 049: a listing's or bid's keeps its market order's id), else the order's. */
  id: z.string(),
  /** The pay order (sell listing purchases, bid funding, an offer's hold); null when none paid for it. */
  orderNo: z.string().nullable(),
  /** The listing sold or filled; null for an offer on an item that was not listed. */
  listingId: z.string().nullable(),
  sell_type: z.union([z.literal(0), z.literal(1)]),
  /** How the trade happened (SALE_WAY_LABELS): a listing bought, a bid filled, an offer accepted, a set completed. */
  way: z.enum(SALE_WAYS),
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

import { z } from 'zod';
import { RARITIES } from '../constants';
import { PageQuerySchema } from '../envelope';
import { ITEM_KINDS } from '../market-labels';
import { PublicUserSchema } from './market';

/** What `GET /api/search` can be limited to; without `type`, every section comes back. */
export const SEARCH_TYPES = ['card', 'goods', 'theme', 'seller', 'listing'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'ending'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Longest query: a title or a sentence, never a paste of a page. */
export const SEARCH_QUERY_MAX = 100;

/** Price bands of the facet counts, in HKD cents: [from, to) — the last one open-ended. */
export const PRICE_BANDS = [
  { key: 'under100', min: 0, max: 10_000 },
  { key: '100to500', min: 10_000, max: 50_000 },
  { key: '500to2000', min: 50_000, max: 200_000 },
  { key: 'over2000', min: 200_000, max: null },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]['key'];

const cents = z.coerce.number().int().min(0).max(100_000_000);

/** `GET /api/search`. `q` may be left out only when a filter narrows the search (theme, rarity, price, side). */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX).optional(),
  type: z.enum(SEARCH_TYPES).optional(),
  theme: z.string().min(1).max(64).optional(),
  rarity: z.enum(RARITIES).optional(),
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  side: z.enum(['sell', 'buy']).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  /** Signed in: card infos missing from the themes the user has started (「我未擁有」). */
  missing: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  image: z.string(),
  rarity: z.enum(RARITIES),
  themeId: z.string(),
  themeName: z.string(),
  /** Lowest active ask and highest active bid on the market; null when there is none. */
  floorPrice: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
});
export const SearchProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  image: z.string(),
  /** Mall price in cents. */
  price: z.number().int(),
  type: z.number().int(),
  floorPrice: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
});
export const SearchThemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  cover: z.string(),
  cardCount: z.number().int(),
});
export const SearchSellerSchema = PublicUserSchema.extend({ activeListings: z.number().int() });
/** Open listings grouped per item (card info or product): the lowest ask and the highest bid. */
export const SearchListingSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  /** Card info id or product id. */
  id: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.enum(RARITIES).nullable(),
  lowestAsk: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
  asks: z.number().int(),
  bids: z.number().int(),
  /** How many copies the highest bid asks for and how many are filled (issue 44); null without a bid. */
  highestBidWant: z.object({ quantity: z.number().int(), filled: z.number().int() }).nullable(),
  /** A serial search (`#12`, `12/100`): the listing of that serial, to open directly. */
  listingId: z.string().nullable(),
  serialLabel: z.string().nullable(),
});

const section = <T extends z.ZodTypeAny>(row: T) => z.object({ total: z.number().int(), list: z.array(row) });
const facet = <K extends z.ZodTypeAny>(key: K) => z.array(z.object({ key, count: z.number().int() }));

export const SearchResultSchema = z.object({
  cards: section(SearchCardSchema),
  goods: section(SearchProductSchema),
  themes: section(SearchThemeSchema),
  sellers: section(SearchSellerSchema),
  listings: section(SearchListingSchema),
  /** Counts for the current query (each ignoring its own filter), for the filter chips. */
  facets: z.object({
    theme: facet(z.string()),
    rarity: facet(z.enum(RARITIES)),
    kind: facet(z.enum(ITEM_KINDS)),
    price: facet(z.enum(PRICE_BANDS.map((b) => b.key) as [PriceBand, ...PriceBand[]])),
  }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** `GET /api/search/suggest?q=`: up to 8 completions as the user types. */
export const SuggestQuerySchema = z.object({ q: z.string().trim().min(1).max(SEARCH_QUERY_MAX) });
export const SuggestionSchema = z.object({
  kind: z.enum(['card', 'goods', 'theme', 'seller']),
  id: z.string(),
  /** What to show and, once chosen, what to search for. */
  text: z.string(),
});
export const SuggestResultSchema = z.object({ list: z.array(SuggestionSchema) });
export type Suggestion = z.infer<typeof SuggestionSchema>;

import { RARITIES, type Rarity } from '../../../shared/constants';
import type {
  PRICE_BANDS,
  PriceBand,
  SEARCH_SORTS,
  SEARCH_TYPES,
  SearchSort,
  SearchType,
} from '../../../shared/schemas/search';

/*
 * The contract's lists, typed against src/shared/schemas/search.ts (a change there fails the type check here):
 * importing its values would bring zod into this screen's chunk for four short lists.
 */
export const TYPES: typeof SEARCH_TYPES = ['card', 'goods', 'theme', 'seller', 'listing'];
export const SORTS: typeof SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'ending'];
export const BANDS: typeof PRICE_BANDS = [
  { key: 'under100', min: 0, max: 10_000 },
  { key: '100to500', min: 10_000, max: 50_000 },
  { key: '500to2000', min: 50_000, max: 200_000 },
  { key: 'over2000', min: 200_000, max: null },
];

export const TYPE_LABELS: Record<SearchType, string> = {
  card: '卡牌',
  goods: '商品',
  theme: '主題',
  listing: '市場掛單',
  seller: '賣家',
};
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: '最相關',
  price_asc: '價格由低至高',
  price_desc: '價格由高至低',
  newest: '最新',
  ending: '即將截止',
};
export const BAND_LABELS: Record<PriceBand, string> = {
  under100: 'HK$100 以下',
  '100to500': 'HK$100 – 500',
  '500to2000': 'HK$500 – 2,000',
  over2000: 'HK$2,000 以上',
};

/** Rows per page when one section is shown on its own. */
export const TYPE_PAGE_SIZE = 20;

/** What the URL asks for: unknown values are left out, as if absent. */
export interface SearchState {
  q?: string;
  type?: SearchType;
  theme?: string;
  rarity?: Rarity;
  minPrice?: number;
  maxPrice?: number;
  side?: 'sell' | 'buy';
  sort: SearchSort;
  missing: boolean;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;
const cents = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

export function readSearchState(params: URLSearchParams): SearchState {
  const q = params.get('q')?.trim().slice(0, 100);
  const page = Number(params.get('page'));
  return {
    q: q || undefined,
    type: oneOf(TYPES, params.get('type')),
    theme: params.get('theme')?.trim().slice(0, 64) || undefined,
    rarity: oneOf(RARITIES, params.get('rarity')),
    minPrice: cents(params.get('minPrice')),
    maxPrice: cents(params.get('maxPrice')),
    side: oneOf(['sell', 'buy'] as const, params.get('side')),
    sort: oneOf(SORTS, params.get('sort')) ?? 'relevance',
    missing: params.get('missing') === 'true',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The server answers a search without `q` only when a filter narrows it. */
export const canSearch = (s: SearchState) =>
  Boolean(s.q || s.theme || s.rarity || s.minPrice !== undefined || s.maxPrice !== undefined || s.side);

/** The filters cleared (清除篩選): what `hasFilters` looks at. */
export const NO_FILTERS = {
  theme: undefined,
  rarity: undefined,
  minPrice: undefined,
  maxPrice: undefined,
  side: undefined,
  missing: undefined,
} as const satisfies Partial<SearchState>;

export const hasFilters = (s: SearchState) =>
  Boolean(s.theme || s.rarity || s.minPrice !== undefined || s.maxPrice !== undefined || s.side || s.missing);

/** The request's query (SearchQuerySchema); `missing` only when signed in. */
export function searchRequest(s: SearchState, signedIn: boolean) {
  return {
    q: s.q,
    type: s.type,
    theme: s.theme,
    rarity: s.rarity,
    minPrice: s.minPrice,
    maxPrice: s.maxPrice,
    side: s.side,
    sort: s.sort,
    missing: signedIn && s.missing ? 'true' : undefined,
    page: s.page,
    pageSize: s.type ? TYPE_PAGE_SIZE : undefined,
  };
}

/** A band's price filter: [min, max) in cents, the URL's maxPrice being inclusive. */
export const bandFilter = (key: PriceBand) => {
  const band = BANDS.find((b) => b.key === key)!;
  return { minPrice: String(band.min), maxPrice: band.max === null ? undefined : String(band.max - 1) };
};

export const activeBand = (s: SearchState): PriceBand | undefined =>
  BANDS.find((b) => s.minPrice === b.min && (b.max === null ? s.maxPrice === undefined : s.maxPrice === b.max - 1))
    ?.key;

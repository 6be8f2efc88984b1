import type { SearchResult } from '../../../shared/schemas/search';
import type { CardRow, ProductRow, SellerRow, ThemeRow } from './search-catalogue.read-model';
import type { BidWant, ListingRow } from './search-market.read-model';

type Section<R> = { list: R[]; total: number };

const strip = <R extends { total: number }>({ total: _total, ...row }: R) => row;

/** The read rows as the answer carries them (no per-row totals; a product's first image). */
export function presentSections(s: {
  cards: Section<CardRow>;
  goods: Section<ProductRow>;
  themes: Section<ThemeRow>;
  sellers: Section<SellerRow>;
  listings: Section<ListingRow>;
  /** The best bid's copies asked and filled per listed item (`<kind>:<id>`). */
  wants: Map<string, BidWant>;
  facets: SearchResult['facets'];
}): SearchResult {
  return {
    cards: { total: s.cards.total, list: s.cards.list.map(strip) },
    goods: {
      total: s.goods.total,
      list: s.goods.list.map(({ images, ...p }) => ({ ...strip(p), image: images[0] ?? '' })),
    },
    themes: { total: s.themes.total, list: s.themes.list.map(strip) },
    sellers: { total: s.sellers.total, list: s.sellers.list.map(strip) },
    listings: {
      total: s.listings.total,
      list: s.listings.list.map((l) => ({
        ...strip(l),
        highestBidWant: l.highestBid === null ? null : (s.wants.get(`${l.kind}:${l.id}`) ?? null),
      })),
    },
    facets: s.facets,
  };
}

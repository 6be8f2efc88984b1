import { MARKET_PRICE_THIN, type MarketPrice, type SaleExclusion } from '../../../shared/schemas/prices';

/**
 * The market price's rules as plain functions over an item's sales (docs/decisions/032-market-price.md): no
 * database and no clock, so the service test plants wash trades and outliers directly.
 */

/** A completed market sale of one card info / product. */
export interface SaleFact {
  id: string;
  /** The card / goods unit that changed hands. */
  itemId: string | null;
  sellerId: string;
  buyerId: string;
  price: number;
  at: Date;
  /** Buyer and seller have the same payout account number (keyed hashes equal). */
  sharedPayout: boolean;
}

const DAY_MS = 86_400_000;
export const WINDOW_MS = 30 * DAY_MS;
export const ROUND_TRIP_MS = 7 * DAY_MS;
/** Fewer sales than this in the 30 days: the last this many instead. */
export const FALLBACK_SALES = 10;
/** Outliers are judged only against at least this many other sales: one or two are no median to judge by. */
const OUTLIER_MIN_OTHERS = 3;

export const byTime = (a: SaleFact, b: SaleFact) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1);

/** The middle price (the mean of the two middle ones, rounded to a cent, for an even count); null for none. */
export function median(prices: number[]): number | null {
  if (prices.length === 0) return null;
  const s = [...prices].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

/** The median of ascending `sorted` without its element at `skip` (at least one other). */
function medianWithout(sorted: number[], skip: number): number {
  const at = (i: number) => sorted[i < skip ? i : i + 1]!;
  const n = sorted.length - 1;
  const mid = n >> 1;
  return n % 2 ? at(mid) : Math.round((at(mid - 1) + at(mid)) / 2);
}

/**
 * Wash trades, whatever the window: a sale between accounts paid into one payout account, and both legs of an
 * item going A → B → A within 7 days.
 */
export function washTrades(sales: SaleFact[]): Map<string, SaleExclusion> {
  const out = new Map<string, SaleExclusion>();
  const byItem = new Map<string, SaleFact[]>();
  for (const s of sales) {
    if (s.itemId) byItem.set(s.itemId, [...(byItem.get(s.itemId) ?? []), s]);
  }
  for (const legs of byItem.values()) {
    legs.sort(byTime);
    for (let i = 0; i < legs.length; i++) {
      for (let j = i + 1; j < legs.length && legs[j]!.at.getTime() - legs[i]!.at.getTime() <= ROUND_TRIP_MS; j++) {
        const [a, b] = [legs[i]!, legs[j]!];
        if (a.sellerId === b.buyerId && a.buyerId === b.sellerId) {
          out.set(a.id, 'round_trip');
          out.set(b.id, 'round_trip');
        }
      }
    }
  }
  // A shared account is the plainer reason: it wins when both apply.
  for (const s of sales) if (s.sharedPayout) out.set(s.id, 'shared_payout');
  return out;
}

/** What the market price at `at` is taken over: the sales of the 30 days up to it, or the last 10 if fewer. */
export function windowAt(sorted: SaleFact[], at: Date): SaleFact[] {
  const upTo = sorted.filter((s) => s.at.getTime() <= at.getTime());
  const recent = upTo.filter((s) => s.at.getTime() > at.getTime() - WINDOW_MS);
  return recent.length >= FALLBACK_SALES ? recent : upTo.slice(-FALLBACK_SALES);
}

export interface PriceVerdict {
  price: MarketPrice;
  /** The window's sales, each with why it is left out (null: counted). */
  verdicts: Map<string, SaleExclusion | null>;
}

/** The market price at `at` from an item's sales sorted oldest first, and which of the window's sales count. */
export function priceAt(sorted: SaleFact[], wash: Map<string, SaleExclusion>, at: Date): PriceVerdict {
  const window = windowAt(sorted, at);
  const verdicts = new Map<string, SaleExclusion | null>();
  const honest = window.filter((s) => {
    const reason = wash.get(s.id) ?? null;
    verdicts.set(s.id, reason);
    return reason === null;
  });
  // Each sale against the median of the others, read off the sorted prices without it (no re-sort per sale).
  const prices = honest.map((s) => s.price).sort((a, b) => a - b);
  const counted = honest.filter((s) => {
    if (prices.length - 1 < OUTLIER_MIN_OTHERS) return true;
    const m = medianWithout(prices, prices.indexOf(s.price));
    const outlier = s.price > 3 * m || s.price * 3 < m;
    if (outlier) verdicts.set(s.id, 'outlier');
    return !outlier;
  });
  const price = median(counted.map((s) => s.price));
  return { price: { price, sample: counted.length, thin: counted.length < MARKET_PRICE_THIN }, verdicts };
}

/** The market price now of an item from its sales (any order). */
export function marketPriceOf(sales: SaleFact[], now: Date): MarketPrice {
  const sorted = [...sales].sort(byTime);
  return priceAt(sorted, washTrades(sorted), now).price;
}

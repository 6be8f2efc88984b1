import { hkDays } from '../../../shared/hk-time';
import {
  PRICE_SALES_SHOWN,
  type PriceHistory,
  type PricePoint,
  type PriceRange,
  type SaleExclusion,
} from '../../../shared/schemas/prices';
import { byTime, median, priceAt, washTrades, type SaleFact } from './market-price';

const RANGE_DAYS: Record<Exclude<PriceRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
const HK_OFFSET_MS = 8 * 3_600_000;
const hkDay = (at: Date) => new Date(at.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);

/** Where a range starts: the first instant of its first Hong Kong day, or the first sale for `all`. */
export function rangeStart(range: PriceRange, now: Date, firstSale: Date | null): Date {
  if (range === 'all') return firstSale ?? now;
  return hkDays(now, RANGE_DAYS[range]).since;
}

/**
 * An item's price history over a range (docs/decisions/032-market-price.md). A sale in the current market price's
 * window is marked as that price judges it; an older one as the market price of its own moment judged it.
 */
export function historyOf(sales: SaleFact[], range: PriceRange, now: Date): PriceHistory {
  const sorted = [...sales].sort(byTime);
  const wash = washTrades(sorted);
  const current = priceAt(sorted, wash, now);
  const from = rangeStart(range, now, sorted[0]?.at ?? null);
  // `all` compares with the first market price there was; a day range with the one just before it began.
  const start = priceAt(sorted, wash, range === 'all' ? from : new Date(from.getTime() - 1)).price.price;
  const inRange = sorted.filter((s) => s.at.getTime() >= from.getTime() && s.at.getTime() <= now.getTime());
  const verdictOf = (s: SaleFact): SaleExclusion | null => {
    if (current.verdicts.has(s.id)) return current.verdicts.get(s.id)!;
    return wash.get(s.id) ?? priceAt(sorted, wash, s.at).verdicts.get(s.id) ?? null;
  };
  const marked = inRange.map((s) => ({ s, reason: verdictOf(s) }));
  const days = new Map<string, number[]>();
  for (const { s, reason } of marked) {
    if (reason !== null) continue;
    const day = hkDay(s.at);
    days.set(day, [...(days.get(day) ?? []), s.price]);
  }
  const points: PricePoint[] = [...days.entries()].map(([day, prices]) => ({
    day,
    median: median(prices)!,
    low: Math.min(...prices),
    high: Math.max(...prices),
    count: prices.length,
  }));
  const now_ = current.price.price;
  const change = now_ !== null && start !== null ? now_ - start : null;
  return {
    range,
    marketPrice: current.price,
    startPrice: start,
    change,
    changePct: change !== null && start ? Math.round((change / start) * 1000) / 10 : null,
    points,
    sales: marked
      .slice(-PRICE_SALES_SHOWN)
      .reverse()
      .map(({ s, reason }) => ({ price: s.price, at: s.at.toISOString(), excluded: reason !== null, reason })),
  };
}

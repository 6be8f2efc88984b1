import type { MarketPrice, PriceHistory, PriceRange } from '../../../shared/schemas/prices';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { marketPriceOf, ROUND_TRIP_MS, WINDOW_MS } from './market-price';
import { historyOf, rangeStart } from './price-history';
import { createPricesReadModel, type PricesReadModel, type SaleAt } from './prices.read-model';

export type { MarketPrice };

/**
 * The public cache's tag of market prices: the market invalidates it with its own on every listing or market-order
 * write, `saleRecorded` on every trade between users (an accepted offer writes no market order), and an entry lives
 * 30 s at most (the 30-day window slides; a payout account changes).
 */
export const PRICES_TAG = 'prices';

/** How far back an item's sales are read: the 30-day window and the round trips around its oldest sale. */
const LOOKBACK_MS = WINDOW_MS + ROUND_TRIP_MS;

/**
 * Market prices (PRODUCT.md §10, docs/decisions/032-market-price.md): the median of an item's honest recent trades
 * between users, whatever their way (the sale record, decision 049), for every screen that shows one (market rows and
 * details, the mall, the collection, the watchlist), and the latest trades (最近成交).
 */
export function createPricesService(
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'>,
  read: PricesReadModel = createPricesReadModel(),
) {
  const cache = deps.publicCache;
  cache.define(PRICES_TAG, {});
  const keyOf = (kind: 'card' | 'goods', id: string) => `${kind}:${id}`;

  return {
    /**
     * The market price of each card info (`card`) / product (`goods`) in `ids`: from memory, the rest in one query.
     * Every id asked for is in the answer (price null when no sale counts).
     */
    async marketPrices(kind: 'card' | 'goods', ids: string[]): Promise<Map<string, MarketPrice>> {
      const out = new Map<string, MarketPrice>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const hit = cache.get(PRICES_TAG, keyOf(kind, id));
        if (hit) out.set(id, JSON.parse(hit.payload) as MarketPrice);
        else missing.push(id);
      }
      if (missing.length === 0) return out;
      // Tickets before the read: a sale committed meanwhile bumps the tag, and these answers are then not kept.
      const tickets = missing.map((id) => cache.ticket(PRICES_TAG, keyOf(kind, id)));
      try {
        const now = deps.clock.now();
        const sales = await read.sales(deps.db, kind, missing, new Date(now.getTime() - LOOKBACK_MS));
        await Promise.all(
          missing.map((id, i) => {
            const price = marketPriceOf(sales.get(id) ?? [], now);
            out.set(id, price);
            return cache.put(tickets[i]!, JSON.stringify(price));
          }),
        );
      } catch (err) {
        for (const t of tickets) cache.abandon(t);
        throw err;
      }
      return out;
    },

    /** The market price of one card info / product. */
    async marketPrice(kind: 'card' | 'goods', id: string): Promise<MarketPrice> {
      return (await this.marketPrices(kind, [id])).get(id)!;
    },

    /** Told of each sale recorded (in its transaction): a trade between users moves its item's price at once. */
    saleRecorded(sale: { sellerId: string | null }): void {
      if (sale.sellerId !== null) cache.invalidate(PRICES_TAG);
    },

    /** 最近成交: the latest trade between users of each card info / product in `ids` (absent: none yet). */
    lastSales: (kind: 'card' | 'goods', ids: string[]): Promise<Map<string, SaleAt>> =>
      read.lastSales(deps.db, kind, ids),

    /** The latest `limit` trades between users of one card info / product, newest first. */
    recentSales: (kind: 'card' | 'goods', id: string, limit: number): Promise<SaleAt[]> =>
      read.recentSales(deps.db, kind, id, limit),

    /** `cardInfo/priceHistory`, `product/priceHistory`: public. */
    async history(kind: 'card' | 'goods', q: { id: string; range: PriceRange }): Promise<PriceHistory> {
      if (!(await read.exists(deps.db, kind, q.id)))
        throw notFound(kind === 'card' ? '找不到這張卡牌' : '找不到此商品');
      const now = deps.clock.now();
      const since = q.range === 'all' ? new Date(0) : new Date(rangeStart(q.range, now, null).getTime() - LOOKBACK_MS);
      const sales = await read.sales(deps.db, kind, [q.id], since);
      return historyOf(sales.get(q.id) ?? [], q.range, now);
    },
  };
}
export type PricesService = ReturnType<typeof createPricesService>;

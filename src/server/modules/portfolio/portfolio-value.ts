import type { MarketPrice } from '../../../shared/schemas/prices';
import type { CostSource, PortfolioItem, PortfolioTheme, ValueSource } from '../../../shared/schemas/portfolio';
import { formatSerial } from '../../../shared/serial';
import type { HeldRow, SaleRow } from './portfolio.repository';

/**
 * The portfolio's arithmetic as plain functions (no database, no clock): cost basis, value and profit and loss of
 * held items and sales, and their totals by theme. Amounts in cents.
 */

/** Goods have no theme: they are totalled under this name. */
export const GOODS_THEME = '商品';

/** Where a held item's cost basis comes from: how it reached the owner, and whether they paid. */
export function costSourceOf(via: string, paid: number | null): CostSource {
  if (via === 'drop' || via === 'purchase') return 'mall';
  if (via === 'code') return 'code';
  if (via === 'set_exchange') return 'b_card';
  return paid !== null && paid > 0 ? 'market' : 'gift';
}

/** An item's value: the market price unless thin, else the floor, else a thin market price; null when none. */
export function valueOf(
  market: MarketPrice | undefined,
  floor: number | undefined,
): { value: number | null; source: ValueSource } {
  if (market?.price != null && !market.thin) return { value: market.price, source: 'market' };
  if (floor !== undefined) return { value: floor, source: 'floor' };
  if (market?.price != null) return { value: market.price, source: 'market' };
  return { value: null, source: 'none' };
}

/** A held item as the summary lists it. */
export function itemOf(r: HeldRow, market: MarketPrice | undefined, floor: number | undefined): PortfolioItem {
  const costSource = costSourceOf(r.via, r.paid);
  // Only a purchase has a cost: codes, B cards and gifts cost nothing, whatever an event recorded.
  const cost = costSource === 'mall' || costSource === 'market' ? Number(r.paid ?? 0) : 0;
  const { value, source } = valueOf(market, floor);
  return {
    kind: r.kind,
    itemId: r.itemId,
    name: r.name,
    image: r.image,
    serialLabel: r.serial !== null && r.editionSize !== null ? formatSerial(r.serial, r.editionSize) : null,
    themeId: r.themeId,
    cost,
    costSource,
    value,
    valueSource: source,
    unrealised: value === null ? null : value - cost,
  };
}

type Totals = Omit<PortfolioTheme, 'themeId' | 'name'>;
const zero = (): Totals => ({ items: 0, priced: 0, cost: 0, value: 0, unrealised: 0, realised: 0 });

/** The totals of all items and sales, and the same by theme (themes by value, goods last). */
export function totalsOf(items: PortfolioItem[], themeNames: Map<string | null, string>, sales: SaleRow[]) {
  const all = zero();
  const byTheme = new Map<string | null, Totals>();
  const of = (themeId: string | null) => {
    let t = byTheme.get(themeId);
    if (!t) byTheme.set(themeId, (t = zero()));
    return t;
  };
  for (const i of items) {
    for (const t of [all, of(i.themeId)]) {
      t.items += 1;
      t.cost += i.cost;
      if (i.value !== null) {
        t.priced += 1;
        t.value += i.value;
        t.unrealised += i.unrealised!;
      }
    }
  }
  for (const s of sales) {
    const gain = Number(s.proceeds) - Number(s.paid ?? 0);
    all.realised += gain;
    of(s.themeId).realised += gain;
  }
  const themes: PortfolioTheme[] = [...byTheme.entries()]
    .map(([themeId, t]) => ({ themeId, name: themeNames.get(themeId) ?? GOODS_THEME, ...t }))
    .sort((a, b) => (a.themeId === null ? 1 : 0) - (b.themeId === null ? 1 : 0) || b.value - a.value);
  return { ...all, themes };
}

import type { MarketPrice } from '../../../shared/schemas/prices';
import type { PortfolioItem, PortfolioTheme, ValueSource } from '../../../shared/schemas/portfolio';
import { formatSerial } from '../../../shared/serial';
import type { CostBasis, SoldRow } from '../sales/sales.service';
import type { HeldRow } from './portfolio.repository';

/**
 * The portfolio's arithmetic as plain functions (no database, no clock): cost basis, value and profit and loss of
 * held items and sales, and their totals by theme. Amounts in cents.
 */

/** Goods have no theme: they are totalled under this name. */
export const GOODS_THEME = '商品';

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

/**
 * A held item as the summary lists it: its cost basis is what its latest sale to its owner set (decision 049: what
 * was paid, a pack's share, the cards given for a B card, nothing for a code); no sale gave it to them, no cost.
 */
export function itemOf(
  r: HeldRow,
  basis: CostBasis | undefined,
  market: MarketPrice | undefined,
  floor: number | undefined,
): PortfolioItem {
  const cost = basis?.cost ?? 0;
  const { value, source } = valueOf(market, floor);
  return {
    kind: r.kind,
    itemId: r.itemId,
    name: r.name,
    image: r.image,
    serialLabel: r.serial !== null && r.editionSize !== null ? formatSerial(r.serial, r.editionSize) : null,
    themeId: r.themeId,
    cost,
    costRule: basis?.rule ?? null,
    value,
    valueSource: source,
    unrealised: value === null ? null : value - cost,
  };
}

type Totals = Omit<PortfolioTheme, 'themeId' | 'name'>;
const zero = (): Totals => ({ items: 0, priced: 0, cost: 0, value: 0, unrealised: 0, realised: 0 });

/**
 * The totals of all items and of the user's sales to other users (realised: what each brought in less what its units
 * had cost them), and the same by theme (themes by value, goods last).
 */
export function totalsOf(
  items: PortfolioItem[],
  themeNames: Map<string | null, string>,
  sales: Pick<SoldRow, 'themeId' | 'proceeds' | 'cost'>[],
) {
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
    const gain = s.proceeds - s.cost;
    all.realised += gain;
    of(s.themeId).realised += gain;
  }
  const themes: PortfolioTheme[] = [...byTheme.entries()]
    .map(([themeId, t]) => ({ themeId, name: themeNames.get(themeId) ?? GOODS_THEME, ...t }))
    .sort((a, b) => (a.themeId === null ? 1 : 0) - (b.themeId === null ? 1 : 0) || b.value - a.value);
  return { ...all, themes };
}

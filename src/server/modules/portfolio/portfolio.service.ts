import { hkDays } from '../../../shared/hk-time';
import {
  PORTFOLIO_RANGE_DAYS,
  type PortfolioHistory,
  type PortfolioHistoryQuery,
  type PortfolioSummary,
} from '../../../shared/schemas/portfolio';
import type { Deps } from '../../deps';
import type { Actor } from '../auth/auth.service';
import type { PricesService } from '../prices/prices.service';
import type { SalesService } from '../sales/sales.service';
import { itemOf, totalsOf } from './portfolio-value';
import { createPortfolioRepository, type PortfolioRepository } from './portfolio.repository';

/** The held items the summary lists (the totals count them all). */
const LIST_MAX = 500;

/**
 * What a collection is worth (issue 24): each held item's cost basis from its latest sale to the user (the sale
 * record, decision 049), its value from the market price (the floor where the market is thin), profit and loss
 * realised (the user's sales to other users) and not, by theme, and a daily snapshot per user for the value-over-time
 * chart. Only ever the signed-in user's own.
 */
export function createPortfolioService(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  svc: { prices: Pick<PricesService, 'marketPrices'>; sales: Pick<SalesService, 'bases' | 'soldBy'> },
  repo: PortfolioRepository = createPortfolioRepository(),
) {
  const today = () => hkDays(deps.clock.now(), 1).dates[0]!;

  /** The user's holdings valued now, and their sales to other users. */
  async function valuation(userId: string) {
    const now = deps.clock.now();
    const [held, sold] = await Promise.all([repo.held(deps.db, userId), svc.sales.soldBy(deps.db, userId)]);
    const ids = (kind: 'card' | 'goods') => [...new Set(held.filter((h) => h.kind === kind).map((h) => h.refId))];
    const names = new Map<string | null, string>();
    for (const h of held) if (h.themeId && h.themeName) names.set(h.themeId, h.themeName);
    const unnamed = [
      ...new Set(sold.map((s) => s.themeId).filter((id): id is string => id !== null && !names.has(id))),
    ];
    const [bases, cardPrices, goodsPrices, cardFloors, goodsFloors, soldNames] = await Promise.all([
      svc.sales.bases(
        deps.db,
        userId,
        held.map((h) => h.itemId),
      ),
      svc.prices.marketPrices('card', ids('card')),
      svc.prices.marketPrices('goods', ids('goods')),
      repo.floors(deps.db, 'card', ids('card'), now),
      repo.floors(deps.db, 'goods', ids('goods'), now),
      repo.themeNames(deps.db, unnamed),
    ]);
    const items = held.map((h) =>
      h.kind === 'card'
        ? itemOf(h, bases.get(h.itemId), cardPrices.get(h.refId), cardFloors.get(h.refId))
        : itemOf(h, bases.get(h.itemId), goodsPrices.get(h.refId), goodsFloors.get(h.refId)),
    );
    for (const [id, name] of soldNames) names.set(id, name);
    return { list: items, totals: totalsOf(items, names, sold) };
  }

  return {
    /** `GET portfolio/summary`: the signed-in user's cost, value, profit and loss, by theme and by item. */
    async summary(actor: Actor): Promise<PortfolioSummary> {
      const userId = actor.userId;
      const [{ list: items, totals }, last] = await Promise.all([
        valuation(userId),
        repo.lastBefore(deps.db, userId, today()),
      ]);
      const list = [...items].sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || b.cost - a.cost).slice(0, LIST_MAX);
      return {
        ...totals,
        change: last ? totals.value - Number(last.value) : null,
        changeSince: last?.day ?? null,
        list,
      };
    },

    /** `GET portfolio/history?range=`: the signed-in user's daily snapshots, with today's value until it is taken. */
    async history(actor: Actor, q: PortfolioHistoryQuery): Promise<PortfolioHistory> {
      const userId = actor.userId;
      const range = q.range ?? '30d';
      const { dates } = hkDays(deps.clock.now(), PORTFOLIO_RANGE_DAYS[range]);
      const rows = await repo.snapshots(deps.db, userId, dates[0]!);
      const points = rows.map((r) => ({ day: r.day, value: Number(r.value), cost: Number(r.cost) }));
      const day = dates[dates.length - 1]!;
      if (points.at(-1)?.day !== day) {
        const { totals } = await valuation(userId);
        if (totals.items > 0 || points.length > 0) points.push({ day, value: totals.value, cost: totals.cost });
      }
      return { range, points };
    },

    /**
     * The daily snapshot job's batch: up to `batch` users holding items without today's snapshot get one; answers
     * how many it wrote. Safe on several instances: a user's day is written once (its primary key, ON CONFLICT DO
     * NOTHING), so an instance that values the same user meanwhile writes nothing; each instance takes the users in
     * its own random order, so they rarely do. The values are read outside the write: the market prices come through
     * the prices service on its own connection.
     */
    async snapshotDue(batch: number): Promise<number> {
      const day = today();
      let written = 0;
      for (const userId of await repo.usersDue(deps.db, day, batch)) {
        const { totals: v } = await valuation(userId);
        const row = { userId, day, value: v.value, cost: v.cost, items: v.items, priced: v.priced };
        if (await repo.insertSnapshot(deps.db, { ...row, createdAt: deps.clock.now() })) written += 1;
      }
      return written;
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;

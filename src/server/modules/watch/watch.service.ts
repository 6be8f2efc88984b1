import type { z } from 'zod';
import { newId } from '../../adapters/ids';
import { paging } from '../../db/queries';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import {
  WATCH_FULL_MESSAGE,
  WATCH_LIMIT,
  type WatchItem,
  type WatchKind,
  type WatchListQuerySchema,
  type WatchState,
  type WatchToggle,
} from '../../../shared/schemas/watch';
import type { Actor } from '../auth/auth.service';
import { createWatchReadModel, type ItemKind, type TargetView, type WatchReadModel } from './watch.read-model';
import { createWatchRepository, type WatchRepository, type WatchRow } from './watch.repository';

/** The market price of card infos (`card`) or products (`goods`), by id: the prices module's `marketPrices`. */
export type MarketPrices = (
  kind: ItemKind,
  ids: string[],
) => Promise<Map<string, { price: number | null; sample: number; thin: boolean }>>;

const NOT_FOUND = '找不到此項目';

/** The card info or product a watched target trades (a listing's item); null for a seller. */
function itemOf(kind: WatchKind, id: string, target: TargetView | undefined): { kind: ItemKind; id: string } | null {
  if (kind === 'cardInfo') return { kind: 'card', id };
  if (kind === 'product') return { kind: 'goods', id };
  if (kind === 'listing' && target?.listing) return { kind: target.listing.itemKind, id: target.listing.itemId };
  return null;
}

/** Prices now of the items behind some targets, keyed `card:<id>` / `goods:<id>`. */
interface Quotes {
  best: Map<string, { ask: number | null; bid: number | null }>;
  market: Map<string, number | null>;
}

/**
 * The watchlist (issue 22, docs/decisions/033-watchlist.md): what each user follows, with the prices it trades at
 * now and the change since it was added. Other modules read who watches what through `watchersOf` and
 * `countWatchers` (the sellers' 「N 人關注」, the next issue's alerts); nobody reads another user's list.
 */
export function createWatchService(
  deps: Pick<Deps, 'db' | 'clock'>,
  svc: { marketPrices: MarketPrices },
  read: WatchReadModel = createWatchReadModel(),
  repo: WatchRepository = createWatchRepository(),
) {
  /** The ask and market price of each item, asked once per kind. */
  async function quotes(items: { kind: ItemKind; id: string }[]): Promise<Quotes> {
    const out: Quotes = { best: new Map(), market: new Map() };
    const now = deps.clock.now();
    for (const kind of ['card', 'goods'] as const) {
      const ids = [...new Set(items.filter((i) => i.kind === kind).map((i) => i.id))];
      if (ids.length === 0) continue;
      const [best, market] = await Promise.all([read.bestPrices(deps.db, kind, ids, now), svc.marketPrices(kind, ids)]);
      for (const id of ids) {
        out.best.set(`${kind}:${id}`, best.get(id) ?? { ask: null, bid: null });
        out.market.set(`${kind}:${id}`, market.get(id)?.price ?? null);
      }
    }
    return out;
  }

  /** The price "change since added" compares on `basis`: the market price, or the lowest ask (a listing: its own). */
  function priceOn(basis: 'market' | 'ask', target: TargetView, item: { kind: ItemKind; id: string }, q: Quotes) {
    const key = `${item.kind}:${item.id}`;
    if (basis === 'market') return q.market.get(key) ?? null;
    if (target.listing) return target.listing.status === 'active' ? target.listing.price : null;
    return q.best.get(key)?.ask ?? null;
  }

  /** What to remember at add time: the market price when known, else the ask. */
  function basisAtAdd(target: TargetView, item: { kind: ItemKind; id: string } | null, q: Quotes) {
    if (!item) return { basis: null, priceAtAdd: null };
    const market = priceOn('market', target, item, q);
    if (market !== null) return { basis: 'market' as const, priceAtAdd: market };
    const ask = priceOn('ask', target, item, q);
    return ask === null ? { basis: null, priceAtAdd: null } : { basis: 'ask' as const, priceAtAdd: ask };
  }

  function present(row: WatchRow, target: TargetView | undefined, q: Quotes): WatchItem {
    const item = itemOf(row.kind, row.targetId, target);
    const key = item ? `${item.kind}:${item.id}` : '';
    const priceNow = target && item && row.basis ? priceOn(row.basis, target, item, q) : null;
    return {
      kind: row.kind,
      id: row.targetId,
      name: target?.name ?? null,
      image: target?.image || null,
      addedAt: row.createdAt.toISOString(),
      listing: target?.listing ?? null,
      lowestAsk: q.best.get(key)?.ask ?? null,
      highestBid: q.best.get(key)?.bid ?? null,
      marketPrice: q.market.get(key) ?? null,
      basis: row.basis,
      priceAtAdd: row.priceAtAdd,
      priceNow,
      change: priceNow !== null && row.priceAtAdd !== null ? priceNow - row.priceAtAdd : null,
    };
  }

  return {
    /** `watch/add`: watches a target that exists; adding one already watched changes nothing. */
    async add(actor: Actor, input: { kind: WatchKind; id: string }): Promise<WatchToggle> {
      const answer = { kind: input.kind, id: input.id, watched: true };
      const target = (await read.targets(deps.db, input.kind, [input.id])).get(input.id);
      if (!target) throw notFound(NOT_FOUND);
      if (await repo.find(deps.db, actor.userId, input.kind, input.id)) return answer;
      const item = itemOf(input.kind, input.id, target);
      const { basis, priceAtAdd } = basisAtAdd(target, item, await quotes(item ? [item] : []));
      await deps.db.transaction(async (tx) => {
        await repo.lockUser(tx, actor.userId);
        if (await repo.find(tx, actor.userId, input.kind, input.id)) return;
        if ((await repo.countOf(tx, actor.userId)) >= WATCH_LIMIT) throw conflict(WATCH_FULL_MESSAGE, 'watch_full');
        await repo.insert(tx, {
          id: newId('wat'),
          userId: actor.userId,
          kind: input.kind,
          targetId: input.id,
          basis,
          priceAtAdd,
          createdAt: deps.clock.now(),
        });
      });
      return answer;
    },

    /** `watch/remove`: stops watching (a target not watched is already removed). */
    async remove(actor: Actor, input: { kind: WatchKind; id: string }): Promise<WatchToggle> {
      await repo.remove(deps.db, actor.userId, input.kind, input.id);
      return { kind: input.kind, id: input.id, watched: false };
    },

    /** `watch/state`: which of these targets the caller watches. */
    async state(actor: Actor, q: { kind: WatchKind; ids: string[] }): Promise<WatchState> {
      return { watched: await repo.watchedOf(deps.db, actor.userId, q.kind, q.ids) };
    },

    /** `watch/list`: a page of the caller's watched items, newest first, with their prices now. */
    async list(actor: Actor, q: z.output<typeof WatchListQuerySchema>): Promise<WatchItem[]> {
      const rows = await repo.page(deps.db, actor.userId, paging(q));
      const targets = new Map<string, TargetView>();
      for (const kind of new Set(rows.map((r) => r.kind))) {
        const ids = rows.filter((r) => r.kind === kind).map((r) => r.targetId);
        for (const [id, t] of await read.targets(deps.db, kind, ids)) targets.set(`${kind}:${id}`, t);
      }
      const targetOf = (r: WatchRow) => targets.get(`${r.kind}:${r.targetId}`);
      const items = rows.flatMap((r) => itemOf(r.kind, r.targetId, targetOf(r)) ?? []);
      const q2 = await quotes(items);
      return rows.map((r) => present(r, targetOf(r), q2));
    },

    /** The users who watch a target (for the next issue's alerts; never shown to anyone). */
    watchersOf: (kind: WatchKind, id: string) => repo.watchersOf(deps.db, kind, id),

    /** How many users watch each target: only counts leave this module, never who. */
    countWatchers: (kind: WatchKind, ids: string[]) => repo.countWatchers(deps.db, kind, ids),
  };
}
export type WatchService = ReturnType<typeof createWatchService>;

import type { z } from 'zod';
import { sideOfSellType } from '../../../shared/market-labels';
import { formatHkd } from '../../../shared/money';
import type {
  DeskListing,
  DeskQuerySchema,
  EditPriceBodySchema,
  ListingEvent,
  ListingSale,
  MarketOrderDetail,
} from '../../../shared/schemas/market-desk';
import { paging } from '../../db/queries';
import { conflict, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { accounts } from '../wallet/wallet.service';
import type { ListingVersionRow } from './market-desk.repository';
import type { MarketContext } from './market-context';
import type { MarketPresenters } from './market-presenters';
import type { ListingRow, ListingStatus } from './market.repository';
import type { TradeRow } from './market-trades.read-model';

const OPEN: ListingStatus[] = ['pending_payment', 'active', 'reserved'];
const ENDED: ListingStatus[] = ['sold', 'cancelled', 'expired', 'taken_down'];
const NOT_FOUND = '找不到此掛單';

/**
 * A listing's history from its row, its price versions and its sales: listed, each price change, how it ended (a sale
 * at the price it was sold for, which an accepted offer sets, decision 049).
 */
export function listingHistory(
  l: ListingRow,
  versions: ListingVersionRow[],
  sales: ListingSale[] = [],
): ListingEvent[] {
  const first = versions[0]?.previousPrice ?? l.price;
  const out: ListingEvent[] = [
    { kind: 'listed', version: 1, price: first, previousPrice: null, at: l.createdAt.toISOString() },
  ];
  for (const v of versions) {
    out.push({
      kind: 'price_changed',
      version: v.version,
      price: v.price,
      previousPrice: v.previousPrice,
      at: v.createdAt.toISOString(),
    });
  }
  if (l.closedAt && (ENDED as string[]).includes(l.status)) {
    const kind = l.status as Exclude<ListingEvent['kind'], 'listed' | 'price_changed'>;
    const price = kind === 'sold' ? (sales.at(-1)?.price ?? l.price) : l.price;
    out.push({ kind, version: l.version, price, previousPrice: null, at: l.closedAt.toISOString() });
  }
  return out;
}

/** Moves the escrow of a bid from `from` to `to` (its balance pays a raise; a cut goes back to the balance). */
function repriceLines(l: ListingRow, from: number, to: number) {
  const d = (to - from) * (l.quantity - l.filled);
  const what = `${l.itemName}（${formatHkd(from)} → ${formatHkd(to)}）`;
  return d > 0
    ? [
        {
          account: accounts.balance(l.userId),
          amount: -d,
          kind: 'bid_escrow' as const,
          description: `求購加價：${what}`,
        },
        { account: accounts.escrow(l.userId), amount: d, kind: 'bid_escrow' as const },
      ]
    : [
        { account: accounts.escrow(l.userId), amount: d, kind: 'bid_escrow' as const },
        {
          account: accounts.balance(l.userId),
          amount: -d,
          kind: 'bid_refund' as const,
          description: `求購減價：${what}`,
        },
      ];
}

/** The trader's desk (/my/market): their listings with versions and history, price changes, one order in full. */
export function createMarketDesk({ deps, svc, repo, read }: MarketContext, present: MarketPresenters) {
  const deskViews = async (rows: ListingRow[], viewerId: string): Promise<DeskListing[]> => {
    const ids = rows.map((r) => r.id);
    const [views, versions, watchers, sold] = await Promise.all([
      present.listingViews(rows, viewerId),
      repo.versions(deps.db, ids),
      svc.watch.countWatchers('listing', ids),
      read.listingSales(deps.db, ids).then((s) => present.listingSaleViews(s, rows)),
    ]);
    return rows.map((r, i) => {
      const sales = sold.get(r.id) ?? [];
      return {
        ...views[i]!,
        version: r.version,
        closedAt: r.closedAt?.toISOString() ?? null,
        watchers: watchers.get(r.id) ?? 0,
        history: listingHistory(
          r,
          versions.filter((v) => v.listingId === r.id),
          sales,
        ),
        sales,
      };
    });
  };

  /** Why a listing of the caller cannot take a new price now (its current row). */
  const refusal = (l: ListingRow, now: Date, version?: number) => {
    if (l.status === 'reserved') return conflict('買家正在付款，暫時不能改價', 'reserved');
    if (l.status === 'pending_payment') return conflict('請先完成求購付款，才可以改價', 'pending_payment');
    if (l.status !== 'active' || l.expiresAt <= now) return conflict('此掛單已成交或已結束', 'closed');
    if (version !== undefined && version !== l.version)
      return conflict(`此掛單的價格剛被更改，現價為 ${formatHkd(l.price)}，請重新確認`, 'stale_version');
    return null;
  };

  return {
    /** `market/mine`: the caller's open or ended listings of one side, with their history. */
    async mine(actor: Actor, q: z.output<typeof DeskQuerySchema>): Promise<DeskListing[]> {
      const rows = await repo.listingsIn(deps.db, actor.userId, {
        sellType: sideOfSellType(q.sell_type),
        statuses: q.view === 'open' ? OPEN : ENDED,
        ...paging(q),
      });
      return deskViews(rows, actor.userId);
    },

    /**
     * `market/editPrice`: a new price is the listing's next version (the old one stays in its history); the relist
     * cooldown does not apply. A bid's escrow follows its price in the same transaction (`bid_reprice`).
     */
    async editPrice(actor: Actor, input: z.output<typeof EditPriceBodySchema>): Promise<DeskListing> {
      const listing = await repo.listing(deps.db, input.id);
      if (!listing || listing.userId !== actor.userId) throw notFound(NOT_FOUND);
      const now = deps.clock.now();
      const refused = refusal(listing, now, input.version);
      if (refused) throw refused;
      if (input.price === listing.price) throw conflict('新價格與現價相同', 'same_price');
      const row = await deps.db.transaction(async (tx) => {
        const next = listing.version + 1;
        const changed = await repo.transition(
          tx,
          listing.id,
          ['active'],
          { price: input.price, version: next, updatedAt: now },
          { openAt: now, atVersion: listing.version, atFilled: listing.filled },
        );
        if (!changed) {
          const current = await repo.listing(tx, listing.id);
          const why = current && refusal(current, now, listing.version);
          if (why) throw why;
          if (current?.status === 'active') throw conflict('此求購剛有一件成交，請重新確認後再改價', 'filled');
          throw conflict('此掛單已成交或已結束', 'closed');
        }
        await repo.insertVersion(tx, {
          listingId: listing.id,
          version: next,
          price: input.price,
          previousPrice: listing.price,
          createdAt: now,
        });
        await svc.alerts.listingChanged(tx, changed, 'repriced');
        if (changed.sellType === 'buy') {
          await svc.wallet.post(
            tx,
            'bid_reprice',
            `${listing.id}:v${next}`,
            repriceLines(listing, listing.price, input.price),
          );
        }
        return changed;
      });
      deps.log.info({ listingId: row.id, version: row.version }, 'listing repriced');
      return (await deskViews([row], actor.userId))[0]!;
    },

    /**
     * `market/orderDetail`: one of the caller's trades, whatever its way (a completed one is its sale, decision 049; an
     * accepted offer's id is its sale's), or a purchase not completed; how it was paid and its timeline.
     */
    async orderDetail(actor: Actor, id: string): Promise<MarketOrderDetail> {
      const row = await read.trade(deps.db, id);
      if (!row || (row.buyerId !== actor.userId && row.sellerId !== actor.userId)) throw notFound('找不到此訂單');
      const [view] = await present.orderViews([row], actor.userId);
      const paid = view!.role === 'buyer' && row.orderNo ? await svc.payOrders.info(actor, row.orderNo) : null;
      return {
        ...view!,
        paymentMethod:
          view!.role === 'seller'
            ? '錢包（扣除手續費後入帳）'
            : (paid?.paymentMethod ?? (row.way === 'offer' ? '錢包餘額' : null)),
        timeline: orderTimeline(row, paid?.paidAt ?? null),
      };
    },
  };
}

/** What each way's steps say: how it started (ordered, or money put aside) and how it completed. */
const STEPS: Record<TradeRow['way'], { funded?: string; completed: string }> = {
  listing: { completed: '已成交，物品已轉移' },
  set_completion: { completed: '一鍵補齊已成交，物品已轉移' },
  bid: { funded: '求購預付款已存入託管', completed: '賣家已賣出，物品已轉移' },
  offer: { funded: '出價款項已存入託管', completed: '議價成交，物品已轉移' },
  // The platform's own ways are not trades between users; listed for completeness.
  drop: { completed: '已成交' },
  product: { completed: '已成交' },
  pack: { completed: '已成交' },
  code: { completed: '已兌換' },
  set_exchange: { completed: '已兌換' },
};

/** A trade's steps: ordered (a listing's purchase) or funded (a bid, an offer), paid, and how it ended. */
function orderTimeline(row: TradeRow, paidAt: string | null): MarketOrderDetail['timeline'] {
  const out: MarketOrderDetail['timeline'] = [];
  const steps = STEPS[row.way];
  if (!steps.funded) {
    out.push({ kind: 'ordered', label: '買家下單', at: row.createdAt.toISOString() });
    if (paidAt) out.push({ kind: 'paid', label: '買家已付款', at: paidAt });
  } else if (paidAt) {
    out.push({ kind: 'funded', label: steps.funded, at: paidAt });
  }
  if (row.status === 'completed' && row.completedAt)
    out.push({ kind: 'completed', label: steps.completed, at: row.completedAt.toISOString() });
  if (row.status === 'cancelled') out.push({ kind: 'cancelled', label: '訂單已取消', at: null });
  if (row.status === 'expired') out.push({ kind: 'expired', label: '付款逾時，訂單已取消', at: null });
  return out;
}
export type MarketDesk = ReturnType<typeof createMarketDesk>;

import { SELL_TYPE, sideOfSellType } from '../../../shared/market-labels';
import type { AdminListing } from '../../../shared/schemas/admin-market';
import { AppError, conflict, notFound } from '../../errors';
import type { Operator } from '../auth/auth.service';
import type { MarketContext } from './market-context';
import { refundBid } from './market-postings';
import { describe, type MarketPresenters } from './market-presenters';
import type { ListingRow } from './market.repository';

/** Operators' market (PRODUCT.md §8): every listing, and take-downs with a reason the seller sees. */
export function createMarketAdmin({ deps, svc, repo, read, items }: MarketContext, present: MarketPresenters) {
  /** Listings as operators see them, each with the sales that sold or filled it (decision 049), whatever their way. */
  const views = async (rows: ListingRow[]) =>
    present.adminViews(
      rows,
      await present.listingSaleViews(
        await read.listingSales(
          deps.db,
          rows.map((r) => r.id),
        ),
        rows,
      ),
    );
  return {
    /** Operators: listings of any status, newest first. */
    async adminList(
      _operator: Operator,
      q: {
        status?: ListingRow['status'];
        kind?: 'card' | 'goods';
        sellType?: number;
        q?: string;
        page: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await repo.adminList(
        deps.db,
        { ...q, sellType: q.sellType === undefined ? undefined : sideOfSellType(q.sellType), q: q.q || undefined },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return { rows: await views(rows), total };
    },

    /**
     * Operators: takes an open listing down with a reason the seller sees (status 已下架). A sell
     * listing's item is held again; a funded buy listing's escrow goes back to the bidder's balance
     * through the ledger; both in one transaction with the audit record. A listing a buyer is paying
     * for (reserved) is refused rather than pulled from under a payment in flight (decision 018).
     */
    async takeDown(operator: Operator, input: { id: string; reason: string }): Promise<AdminListing> {
      const row = await deps.db.transaction(async (tx) => {
        const listing = await repo.listing(tx, input.id, { forUpdate: true });
        if (!listing) throw notFound('找不到此掛單');
        if (listing.status === 'reserved')
          throw conflict('買家正在付款，暫時不能下架；請於訂單完成或逾期（最多 15 分鐘）後再試', 'reserved');
        if (listing.status === 'pending_payment')
          throw conflict('此求購尚未付款，未在市場上公開；未付款會於 15 分鐘後自動取消', 'not_open');
        if (listing.status !== 'active') throw conflict('此掛單已成交或已結束，不能下架', 'closed');
        const now = deps.clock.now();
        const down = await repo.transition(tx, listing.id, ['active'], {
          status: 'taken_down',
          takedownReason: input.reason,
          closedAt: now,
          updatedAt: now,
        });
        if (!down) throw new AppError('internal', `locked active listing ${listing.id} did not move`);
        if (down.sellType === 'sell') {
          if (!(await items[down.kind].setStatus(tx, { id: down.itemId!, from: 'listed', to: 'held' })))
            throw new AppError('internal', `item of listing ${down.id} was not listed`);
        } else {
          await refundBid(svc, tx, down, '求購被下架退款');
        }
        await svc.notifications.notify(tx, down.userId, 'listingRemoved', {
          listingId: down.id,
          itemName: describe(down),
          sellType: down.sellType,
          reason: input.reason,
        });
        await svc.audit.record(tx, operator, {
          action: 'listing.take_down',
          targetType: 'listing',
          targetId: down.id,
          before: {
            status: listing.status,
            // The seed's number, as every audit record of a listing has kept it.
            sellType: SELL_TYPE[listing.sellType],
            price: listing.price,
            userId: listing.userId,
            itemName: listing.itemName,
          },
          after: { status: down.status, takedownReason: down.takedownReason },
        });
        return down;
      });
      deps.log.info({ listingId: row.id, operatorId: operator.userId }, 'listing taken down');
      return (await views([row]))[0]!;
    },
  };
}

import type { Executor, Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import type { MarketContext } from './market-context';

/** What offers (issue 24) ask of the market: the item as the market sees it, its sell listing, and closing that listing. */
export function createMarketOffers({ deps, svc, repo, read, items }: MarketContext) {
  return {
    /** A card or goods unit with its owner, status and snapshot fields; null when there is none. */
    offerItem: (db: Executor, kind: 'card' | 'goods', id: string) => read.item(db, kind, id),

    /** A sell listing, or null (a buy listing is not one). */
    async sellListing(db: Executor, id: string) {
      const l = await repo.listing(db, id);
      return l?.sellType === 0 ? l : null;
    },

    /**
     * An offer on the item was accepted: its open sell listing (if any) is cancelled and the item held again, in the
     * caller's transaction. A listing a buyer is paying for is a 409.
     */
    async withdrawForOffer(tx: Tx, itemId: string): Promise<void> {
      const open = await repo.openSellListingOf(tx, itemId);
      if (!open) return;
      if (open.status === 'reserved') throw conflict('此物品的掛單正由買家付款中，暫時不能接受出價', 'reserved');
      const now = deps.clock.now();
      const closed = await repo.transition(tx, open.id, ['active'], {
        status: 'cancelled',
        closedAt: now,
        updatedAt: now,
      });
      if (!closed) throw conflict('此物品的掛單剛有變動，請再試一次', 'busy');
      await svc.alerts.listingChanged(tx, closed, 'cancelled');
      if (!(await items[closed.kind].setStatus(tx, { id: itemId, from: 'listed', to: 'held' })))
        throw new AppError('internal', `item of listing ${closed.id} was not listed`);
    },
  };
}

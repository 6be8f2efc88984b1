import type { Executor, Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import type { MarketContext } from './market-context';

/** What offers (issue 24) ask of the market: the item as the market sees it, its sell listing, and closing that listing. */
export function createMarketOffers({ deps, repo, read, items }: MarketContext) {
  return {
    /** A card or goods unit with its owner, status and snapshot fields; null when there is none. */
    offerItem: (db: Executor, kind: 'card' | 'goods', id: string) => read.item(db, kind, id),

    /** A sell listing, or null (a buy listing is not one). */
    async sellListing(db: Executor, id: string) {
      const l = await repo.listing(db, id);
      return l?.sellType === 'sell' ? l : null;
    },

    /**
     * An accepted offer sells the item: its open sell listing (if any) is sold to `buyerId` (the desk and the back
     * office show it 已成交, decision 049) and the item is held again for the offer's transfer, inside the caller's
     * transaction. A listing a buyer is paying for is a 409. Answers the listing sold, if any.
     */
    async sellForOffer(tx: Tx, itemId: string, buyerId: string): Promise<string | null> {
      const open = await repo.openSellListingOf(tx, itemId);
      if (!open) return null;
      if (open.status === 'reserved') throw conflict('此物品的掛單正由買家付款中，暫時不能接受出價', 'reserved');
      const now = deps.clock.now();
      const sold = await repo.transition(tx, open.id, ['active'], {
        status: 'sold',
        counterpartyId: buyerId,
        closedAt: now,
        updatedAt: now,
      });
      if (!sold) throw conflict('此物品的掛單剛有變動，請再試一次', 'busy');
      if (!(await items[sold.kind].setStatus(tx, { id: itemId, from: 'listed', to: 'held' })))
        throw new AppError('internal', `item of listing ${sold.id} was not listed`);
      return sold.id;
    },
  };
}

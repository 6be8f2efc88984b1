import { AppError, conflict } from '../../errors';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import { accounts } from '../wallet/wallet.service';
import { describe } from '../market/market-presenters';
import { refundEnded } from './offer-postings';
import type { OffersContext } from './offers-context';

/**
 * Statuses an item leaves its owner's hands by (issue 24: in delivery or consumed cannot take an offer; decision 050:
 * nor one returned by a refund).
 */
const GONE = new Set(['consumed', 'delivering', 'delivered', 'returned']);

/**
 * The `offer` pay-order type (decision 040), the bid's pattern: an offer made with a short balance waits
 * (`pending_payment`) for its order. Paid, settlement books the price into the buyer's escrow (`offer_funding`, keyed
 * by the order) and opens the offer in its transaction; the owner is told then. Expired or cancelled, the offer is
 * cancelled and nothing was held. An item that left its owner meanwhile (sold, exchanged, sent) ends the offer at
 * once (`declined`, `unavailable`) and the price goes to the buyer's balance, in the same transaction.
 */
export function createOfferOrderType({ deps, svc, repo }: OffersContext): OrderType<OrderInput<'offer'>> {
  return {
    itemId: (input) => input.offerId,
    async availability() {
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, itemId: id, orderNo }, now) {
      const offer = await repo.fund(tx, id, buyerId, orderNo, now);
      if (!offer) throw conflict('此出價已付款或已取消', 'closed');
      return {
        listingId: offer.id,
        itemName: `出價：${describe(offer)}`,
        itemImage: offer.itemImage,
        unitPriceCents: offer.price,
      };
    },
    async release(tx, order) {
      return (await repo.settleFunding(tx, order.listingId!, order.orderNo, 'cancelled', deps.clock.now())) !== null;
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const offer = await repo.settleFunding(tx, order.listingId!, order.orderNo, 'open', now);
      if (!offer) throw new AppError('internal', `offer of paid order ${order.orderNo} was not waiting for it`);
      await svc.wallet.post(tx, 'offer_funding', order.orderNo, [
        { account: accounts.ordersClearing, amount: -offer.price, kind: 'internal' },
        {
          account: accounts.escrow(offer.buyerId),
          amount: offer.price,
          kind: 'offer_escrow',
          description: `出價預付：${offer.itemName}`,
        },
      ]);
      const item = await svc.market.offerItem(tx, offer.kind, offer.itemId!);
      const what = describe(offer);
      if (item && item.ownerId === offer.sellerId && !GONE.has(item.status)) {
        await svc.notifications.notify(tx, offer.sellerId, 'offerReceived', {
          offerId: offer.id,
          itemName: what,
          priceCents: offer.price,
        });
        return {};
      }
      if (!(await repo.endUnavailable(tx, offer.id, offer.version, now)))
        throw new AppError('internal', `offer ${offer.id} changed inside its own funding`);
      await refundEnded(svc, tx, offer, 'unavailable');
      return {};
    },
  };
}

import { BUY_LISTING_TTL_MS } from '../../../shared/constants';
import { marketFee } from '../../../shared/schemas/market';
import { newId } from '../../adapters/ids';
import type { Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import { accounts } from '../wallet/wallet.service';
import { itemSnapshot } from './item-snapshot';
import type { MarketContext } from './market-context';
import { bidFundingLines, escrowHeld, marketSale, saleLines } from './market-postings';
import { describe } from './market-presenters';
import type { TraderRules } from './market-rules';
import type { ListingRow, MarketOrderInsert } from './market.repository';

/** The market order of a sell listing reserved for `buyerId` by pay order `orderNo` (alone, or one of a set). */
export const pendingPurchase = (
  listing: ListingRow,
  { orderNo, buyerId, now }: { orderNo: string; buyerId: string; now: Date },
): MarketOrderInsert => ({
  id: newId('mord'),
  orderNo,
  listingId: listing.id,
  sellType: 'sell',
  ...itemSnapshot(listing),
  buyerId,
  sellerId: listing.userId,
  price: listing.price,
  fee: marketFee(listing.price).fee,
  status: 'pending',
  createdAt: now,
});

/** A buy listing its paid order funded, open from now for 7 days; its alerts are checked as a new listing's. */
export async function openFundedBid({ deps, svc, repo }: MarketContext, tx: Tx, id: string, orderNo: string) {
  const now = deps.clock.now();
  const listing = await repo.transition(
    tx,
    id,
    ['pending_payment'],
    { status: 'active', expiresAt: new Date(now.getTime() + BUY_LISTING_TTL_MS), updatedAt: now },
    { fundedBy: orderNo },
  );
  if (!listing) throw new AppError('internal', `buy listing ${id} of paid order ${orderNo} was not pending payment`);
  await svc.alerts.listingChanged(tx, listing, 'created');
  return listing;
}

/** A buy listing whose order was cancelled or expired unpaid: it never opens (null when it was not pending). */
export async function cancelFundedBid({ deps, repo }: MarketContext, tx: Tx, id: string, orderNo: string) {
  const now = deps.clock.now();
  return repo.transition(
    tx,
    id,
    ['pending_payment'],
    { status: 'cancelled', closedAt: now, updatedAt: now },
    { fundedBy: orderNo },
  );
}

/**
 * The market's money steps, as pay-order types (docs/decisions/011-market.md): `market` buys a sell listing
 * (reserved 15 minutes, sold on payment) and `bid` funds a buy listing into escrow. Settlement calls `fulfil`
 * inside its transaction, exactly once per paid order.
 */
export function createMarketOrderTypes(
  ctx: MarketContext,
  rules: Pick<TraderRules, 'requireTrader'>,
): { market: OrderType<OrderInput<'market'>>; bid: OrderType<OrderInput<'bid'>> } {
  const { deps, svc, repo, items } = ctx;
  const market: OrderType<OrderInput<'market'>> = {
    itemId: (input) => input.listingId,
    async availability(db, id) {
      const listing = await repo.listing(db, id);
      return {
        refusal(now) {
          if (!listing || listing.sellType !== 'sell') return notFound('找不到此掛單');
          if (listing.status === 'reserved') return conflict('此掛單正由其他買家付款中，請稍後再試', 'reserved');
          if (listing.status !== 'active' || listing.expiresAt <= now)
            return conflict('此掛單已售出或已下架', 'closed');
          return null;
        },
      };
    },
    async reserve(tx, { buyerId, itemId: id, orderNo }, now) {
      const listing = await repo.listing(tx, id);
      if (!listing || listing.sellType !== 'sell') throw notFound('找不到此掛單');
      if (listing.userId === buyerId) throw conflict('不能購買自己的掛單', 'own_listing');
      await rules.requireTrader(tx, buyerId, false);
      const reserved = await repo.transition(
        tx,
        id,
        ['active'],
        { status: 'reserved', reservedOrderNo: orderNo, counterpartyId: buyerId, updatedAt: now },
        // Reserved at the price read above, the order's price (a change since, market/editPrice, is refused).
        { openAt: now, atVersion: listing.version },
      );
      if (!reserved) {
        const current = await repo.listing(tx, id);
        if (current?.status === 'active' && current.version !== listing.version)
          throw conflict('賣家剛更改了價格，請重新確認', 'price_changed');
        throw current?.status === 'reserved'
          ? conflict('此掛單正由其他買家付款中，請稍後再試', 'reserved')
          : conflict('此掛單已售出或已下架', 'closed');
      }
      if (!(await items[listing.kind].setStatus(tx, { id: listing.itemId!, from: 'listed', to: 'reserved' }))) {
        throw new AppError('internal', `listed item ${listing.itemId} of ${id} was not listed`);
      }
      await repo.insertOrder(tx, pendingPurchase(listing, { orderNo, buyerId, now }));
      return {
        listingId: id,
        itemName: describe(listing),
        itemImage: listing.itemImage,
        unitPriceCents: listing.price,
      };
    },
    async release(tx, order) {
      const now = deps.clock.now();
      const listing = await repo.transition(
        tx,
        order.listingId!,
        ['reserved'],
        { status: 'active', reservedOrderNo: null, counterpartyId: null, updatedAt: now },
        { reservedBy: order.orderNo },
      );
      if (!listing) return false;
      if (!(await items[listing.kind].setStatus(tx, { id: listing.itemId!, from: 'reserved', to: 'listed' })))
        return false;
      await repo.finishOrder(tx, order.orderNo, { status: order.status === 'expired' ? 'expired' : 'cancelled' });
      await svc.notifications.notify(tx, listing.userId, 'marketOrderCancelled', {
        orderNo: order.orderNo,
        listingId: listing.id,
        itemName: describe(listing),
        reason: order.status === 'expired' ? 'expired' : 'buyer',
      });
      return true;
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const listing = await repo.transition(
        tx,
        order.listingId!,
        ['reserved'],
        { status: 'sold', closedAt: now, updatedAt: now },
        { reservedBy: order.orderNo },
      );
      if (!listing) throw new AppError('internal', `listing of paid order ${order.orderNo} was not reserved by it`);
      const moved = await items[listing.kind].transfer(tx, {
        id: listing.itemId!,
        fromUserId: listing.userId,
        toUserId: order.buyerId,
        fromStatus: 'reserved',
        priceCents: listing.price,
        refId: order.orderNo,
      });
      if (!moved) throw new AppError('internal', `item of paid order ${order.orderNo} was not reserved`);
      await svc.wallet.post(
        tx,
        'market_sale',
        order.orderNo,
        saleLines(accounts.ordersClearing, listing.userId, listing.price, describe(listing)),
      );
      const [done] = await repo.finishOrder(tx, order.orderNo, { status: 'completed', completedAt: now });
      await svc.sales.record(
        tx,
        marketSale(listing, {
          id: done?.id,
          way: 'listing',
          buyerId: order.buyerId,
          sellerId: listing.userId,
          price: listing.price,
          orderNo: order.orderNo,
          posting: { kind: 'market_sale', ref: order.orderNo },
          listingId: listing.id,
          source: { kind: 'listing', id: listing.id },
        }),
      );
      const { fee, proceeds } = marketFee(listing.price);
      await svc.notifications.notify(tx, listing.userId, 'itemSold', {
        orderNo: order.orderNo,
        itemName: describe(listing),
        priceCents: listing.price,
        feeCents: fee,
        proceedsCents: proceeds,
      });
      deps.log.info({ orderNo: order.orderNo, listingId: listing.id }, 'market sale settled');
      return listing.kind === 'card'
        ? {
            cards: [
              {
                id: listing.itemId!,
                serial: listing.serial!,
                editionSize: listing.editionSize!,
                name: listing.itemName,
                image: listing.itemImage,
                rarity: listing.rarity ?? 'N',
              },
            ],
          }
        : {
            goods: [
              {
                id: listing.itemId!,
                productId: listing.productId!,
                name: listing.itemName,
                image: listing.itemImage,
                type: listing.productType ?? 0,
              },
            ],
          };
    },
  };

  const bid: OrderType<OrderInput<'bid'>> = {
    itemId: (input) => input.listingId,
    async availability() {
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, itemId: id, orderNo }, now) {
      const listing = await repo.transition(
        tx,
        id,
        ['pending_payment'],
        { fundingOrderNo: orderNo, updatedAt: now },
        { unfundedOf: buyerId },
      );
      if (!listing) throw conflict('此求購已付款或已取消', 'closed');
      return {
        listingId: id,
        itemName: `求購：${listing.itemName}`,
        itemImage: listing.itemImage,
        unitPriceCents: listing.price,
      };
    },
    async release(tx, order) {
      await cancelFundedBid(ctx, tx, order.listingId!, order.orderNo);
      return (await repo.listing(tx, order.listingId!))?.fundingOrderNo === order.orderNo;
    },
    async fulfil(tx, order) {
      const listing = await openFundedBid(ctx, tx, order.listingId!, order.orderNo);
      await svc.wallet.post(
        tx,
        'bid_funding',
        order.orderNo,
        bidFundingLines(order.buyerId, escrowHeld(listing), `求購預付：${listing.itemName}`),
      );
      return {};
    },
  };

  return { market, bid };
}

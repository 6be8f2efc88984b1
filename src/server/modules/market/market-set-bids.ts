import type { CreateSetBidsBody, CreateSetBidsResult } from '../../../shared/schemas/set-bids';
import { newId } from '../../adapters/ids';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import { newListing } from './item-snapshot';
import type { MarketContext } from './market-context';
import { cancelFundedBid, openFundedBid } from './market-order-types';
import { bidFundingLines, escrowHeld } from './market-postings';
import type { MarketPresenters } from './market-presenters';
import type { TraderRules } from './market-rules';

/**
 * One-step bids for a theme's cards nobody sells (decision 042, amended): `market/createBids` opens one `bids` pay
 * order whose `reserve` inserts a buy listing per card, pending payment and named after the order, in the order's own
 * transaction: all of them or none. Paid, `fulfil` opens them all and books one `bid_funding` posting of their total
 * into the bidder's escrow, as a single bid's order does; cancelled or expired unpaid, `release` closes them.
 */
export function createSetBids(
  ctx: MarketContext,
  rules: Pick<TraderRules, 'requireTrader'>,
  present: Pick<MarketPresenters, 'listingViews'>,
) {
  const { deps, svc, repo, read } = ctx;

  const orderType: OrderType<OrderInput<'bids'>> = {
    // The theme bid in: pay_orders.listingId holds it, as for a `set` order.
    itemId: (input) => input.themeId,
    async availability() {
      // Every rule needs the bidder: judged in `reserve`, under their lock.
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, orderNo, request }, now) {
      if (!request) throw new AppError('internal', `bids order ${orderNo} without its request`);
      await rules.requireTrader(tx, buyerId, false);
      const theme = await svc.catalogue.theme(tx, request.themeId);
      if (!theme) throw notFound('找不到此卡冊');
      const inSet = new Set((await svc.catalogue.setCardInfos(tx, request.themeId)).map((c) => c.id));
      const rows = [];
      for (const b of request.bids) {
        const target = inSet.has(b.cardInfoId) ? await read.catalogueItem(tx, 'card', b.cardInfoId) : null;
        if (!target) throw notFound('找不到此卡牌，或它不屬於此卡冊');
        rows.push({
          ...newListing(newId('lst'), 'buy', target, buyerId, b.price, now),
          quantity: 1,
          status: 'pending_payment' as const,
          fundingOrderNo: orderNo,
        });
      }
      // Refused above or failing here, the order's transaction rolls back: no listing and no order remain.
      for (const row of rows) await repo.insertListingOnce(tx, row);
      return {
        listingId: request.themeId,
        itemName: `求購：${theme.name}（${rows.length} 張）`,
        itemImage: rows[0]!.itemImage,
        unitPriceCents: rows.reduce((s, r) => s + r.price, 0),
      };
    },
    async release(tx, order) {
      let released = false;
      for (const l of await repo.fundedBy(tx, order.orderNo))
        released = (await cancelFundedBid(ctx, tx, l.id, order.orderNo)) !== null || released;
      return released;
    },
    async fulfil(tx, order) {
      const funded = await repo.fundedBy(tx, order.orderNo);
      if (funded.length === 0) throw new AppError('internal', `bids order ${order.orderNo} funds no listing`);
      let total = 0;
      for (const l of funded) total += escrowHeld(await openFundedBid(ctx, tx, l.id, order.orderNo));
      await svc.wallet.post(
        tx,
        'bid_funding',
        order.orderNo,
        bidFundingLines(order.buyerId, total, `求購預付：${order.itemName}`),
      );
      deps.log.info({ orderNo: order.orderNo, listings: funded.length }, 'set bids funded');
      return {};
    },
  };

  return {
    orderType,

    /**
     * `market/createBids`: a buy listing for each card, all funded by one `bids` pay order (its checkout on `origin`).
     * The same Idempotency-Key answers the same order and listings; with another list of cards or prices it is a 409.
     */
    async createBids(
      actor: Actor,
      body: CreateSetBidsBody,
      idempotencyKey: string,
      origin?: string,
    ): Promise<CreateSetBidsResult> {
      // Refused before any transaction when the user may not trade (reserve checks again under the lock).
      await rules.requireTrader(deps.db, actor.userId, false);
      const order = await svc.payOrders.create(
        actor,
        { type: 'bids', themeId: body.themeId, bids: body.cards },
        idempotencyKey,
        origin,
      );
      const placed = await repo.fundedBy(deps.db, order.orderNo);
      return {
        orderNo: order.orderNo,
        payUrl: order.status === 'pending' ? order.payUrl : null,
        amountCents: order.amount,
        listings: await present.listingViews(placed, actor.userId),
      };
    },
  };
}

import type { z } from 'zod';
import {
  marketFee,
  type CreateListingBodySchema,
  type CreateListingResult,
  type Listing,
  type MarketOrder,
} from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { SELL_TYPE } from '../../../shared/market-labels';
import { formatHkd } from '../../../shared/money';
import type { MarketSale } from '../../acquisition';
import { keyedId, newId } from '../../adapters/ids';
import { AppError, conflict, invalid, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { notifySale } from '../notifications/sale-notices';
import { accounts } from '../wallet/wallet.service';
import { itemSnapshot, newListing } from './item-snapshot';
import type { MarketContext } from './market-context';
import { marketSale, refundBid, saleLines } from './market-postings';
import type { ListingRow } from './market.repository';
import { describe, type MarketPresenters } from './market-presenters';
import { bidMismatch, itemRefusal, type TraderRules } from './market-rules';

type CreateInput = z.input<typeof CreateListingBodySchema>;

const KEY_REUSED = '此 Idempotency-Key 已用於另一張掛單，請重新提交';

/** The bid's price moved since the seller saw it. */
const priceChanged = (now: number) =>
  conflict(`買家剛更改了求購價，現價為 ${formatHkd(now)}，請重新確認`, 'price_changed');

/** Why a bid takes no more fills: every copy is bought, or it ended (or is not paid for yet). */
const bidClosed = (l: Pick<ListingRow, 'status'>) =>
  l.status === 'sold' ? conflict('此求購已全部成交，不再收購', 'filled') : conflict('此求購已成交或已結束', 'closed');

/** What a trader does: list (sell, or buy with its `bid` pay order), cancel, drop an unpaid order, fill a bid. */
export function createMarketTrading(ctx: MarketContext, rules: TraderRules, present: MarketPresenters) {
  const { deps, svc, repo, read, items } = ctx;
  const { requireTrader, ownItem } = rules;

  async function closedRefusal(id: string) {
    const l = await repo.listing(deps.db, id);
    if (l?.status === 'reserved') return conflict('買家正在付款，暫時不能取消此掛單', 'reserved');
    return conflict('此掛單已成交或已結束', 'closed');
  }

  /** A listing as `market/create` answers it. */
  const created = async (listing: ListingRow, actor: Actor, order: PayOrder | null = null) => ({
    listing: (await present.listingViews([listing], actor.userId))[0]!,
    orderNo: order?.orderNo ?? null,
    payUrl: order?.status === 'pending' ? order.payUrl : null,
  });

  /** A sell listing of an owned held item: the item is listed and the listing inserted in one transaction. */
  async function createSell(actor: Actor, input: CreateInput & { sell_type: typeof SELL_TYPE.sell }, id: string) {
    const now = deps.clock.now();
    // Someone else's item is not found, whoever asks (before any other rule).
    const item = await ownItem(deps.db, actor.userId, input.kind, input.itemId);
    await requireTrader(deps.db, actor.userId, true);
    const refusal = itemRefusal(item, now);
    if (refusal) throw refusal;
    const listing = await deps.db.transaction(async (tx) => {
      if (
        !(await items[input.kind].setStatus(tx, { id: item.id, from: 'held', to: 'listed', ownerId: actor.userId }))
      ) {
        throw conflict('此物品已在寄售中或已不在你的收藏，請重新整理');
      }
      const row = await repo.insertListingOnce(tx, {
        ...newListing(id, 'sell', item, actor.userId, input.price, now),
        status: 'active',
      });
      if (!row) throw conflict(KEY_REUSED);
      await svc.alerts.listingChanged(tx, row, 'created');
      return row;
    });
    deps.log.info({ listingId: listing.id, kind: listing.kind }, 'sell listing created');
    return created(listing, actor);
  }

  /**
   * A buy listing (pending payment) and its `bid` pay order. Every attempt of one key names the same listing, so
   * its pay order's request is the same too: pay orders answer them all the same order (the buyer's lock and the
   * key lookup, ordering.service.ts), however many arrive at once.
   */
  async function createBuy(
    actor: Actor,
    input: CreateInput & { sell_type: typeof SELL_TYPE.buy },
    idempotencyKey: string,
    origin: string | undefined,
  ) {
    const now = deps.clock.now();
    await requireTrader(deps.db, actor.userId, false);
    // Orders made before listings were named after their key still answer their own listing.
    const previous = await svc.payOrders.byKey(actor.userId, idempotencyKey);
    const id =
      previous?.type === 'bid' && previous.listingId
        ? previous.listingId
        : keyedId('lst', actor.userId, idempotencyKey);
    const existing = await repo.listing(deps.db, id);
    if (existing && existing.sellType !== 'buy') throw conflict(KEY_REUSED);
    if (!existing) {
      const kind = input.kind;
      const target = await read.catalogueItem(deps.db, kind, (kind === 'card' ? input.cardInfoId : input.productId)!);
      if (!target) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此商品');
      if (input.serialMax !== undefined && target.editionSize !== null && input.serialMax > target.editionSize)
        throw invalid(`此卡牌只發行 ${target.editionSize} 張，序號最多為 #${target.editionSize}`);
      // Its expiry is set again when paid: a buy listing runs 7 days from its funding.
      await repo.insertListingOnce(deps.db, {
        ...newListing(id, 'buy', target, actor.userId, input.price, now),
        quantity: input.quantity ?? 1,
        serialMin: input.serialMin ?? null,
        serialMax: input.serialMax ?? null,
        status: 'pending_payment',
      });
    }
    // The order pays every copy: price × quantity (the listing's own, for a repeated key).
    const quantity = existing?.quantity ?? input.quantity ?? 1;
    const order = await svc.payOrders.create(actor, { type: 'bid', listingId: id, quantity }, idempotencyKey, origin);
    return created((await repo.listing(deps.db, id))!, actor, order);
  }

  return {
    /**
     * `market/create`: a sell listing of an owned item, or a buy listing with its `bid` pay order (its checkout on
     * `origin`, the route's requestOrigin; PUBLIC_URL by default).
     */
    async create(
      actor: Actor,
      input: CreateInput,
      idempotencyKey: string | undefined,
      origin?: string,
    ): Promise<CreateListingResult> {
      // The request's side, on the wire as the seed's number (narrows the body to its side's fields).
      if (input.sell_type === SELL_TYPE.buy) {
        if (!idempotencyKey) throw invalid('缺少 Idempotency-Key 標頭，請重新提交');
        return createBuy(actor, input, idempotencyKey, origin);
      }
      if (!idempotencyKey) return createSell(actor, input, newId('lst'));
      // Every attempt of one key names the same listing: once one has listed the item, the others (at once or
      // later) answer that listing, whatever stopped them.
      const id = keyedId('lst', actor.userId, idempotencyKey);
      try {
        return await createSell(actor, input, id);
      } catch (err) {
        const listed = err instanceof AppError ? await repo.listing(deps.db, id) : null;
        if (listed?.sellType === 'sell' && listed.userId === actor.userId) return created(listed, actor);
        throw err;
      }
    },

    /** `market/cancel`: the owner takes an open listing back (not while a buyer is paying). */
    async cancel(actor: Actor, id: string): Promise<Listing> {
      const listing = await repo.listing(deps.db, id);
      if (!listing || listing.userId !== actor.userId) throw notFound('找不到此掛單');
      const now = deps.clock.now();
      const closed = { status: 'cancelled' as const, closedAt: now, updatedAt: now };
      if (listing.status === 'pending_payment') {
        if (listing.fundingOrderNo) await svc.payOrders.cancel(actor, listing.fundingOrderNo);
        else await repo.transition(deps.db, id, ['pending_payment'], closed);
      } else if (listing.status === 'active') {
        const done = await deps.db.transaction(async (tx) => {
          const cancelled = await repo.transition(tx, id, ['active'], closed);
          if (!cancelled) return false;
          await svc.alerts.listingChanged(tx, cancelled, 'cancelled');
          if (cancelled.sellType === 'sell') {
            if (!(await items[cancelled.kind].setStatus(tx, { id: cancelled.itemId!, from: 'listed', to: 'held' })))
              throw new AppError('internal', `item of listing ${id} was not listed`);
          } else {
            await refundBid(svc, tx, cancelled);
          }
          return true;
        });
        if (!done) throw await closedRefusal(id);
      } else {
        throw await closedRefusal(id);
      }
      deps.log.info({ listingId: id }, 'listing cancelled');
      return (await present.listingViews([(await repo.listing(deps.db, id))!], actor.userId))[0]!;
    },

    /** `market/cancelOrder`: the buyer drops an unpaid market order; the listing is open again. */
    async cancelOrder(actor: Actor, orderNo: string) {
      const order = await svc.payOrders.ownOrder(actor.userId, orderNo);
      if (!order || order.type !== 'market') throw notFound('找不到此訂單');
      return svc.payOrders.cancel(actor, orderNo);
    },

    /** `market/confirmOrder`: a holder sells a matching item into an active buy listing, settled at once. */
    async confirmOrder(
      actor: Actor,
      input: { listingId: string; itemId: string; price?: number },
    ): Promise<MarketOrder> {
      const listing = await repo.listing(deps.db, input.listingId);
      if (!listing || listing.sellType !== 'buy') throw notFound('找不到此求購');
      const item = await ownItem(deps.db, actor.userId, listing.kind, input.itemId);
      if (listing.userId === actor.userId) throw conflict('不能賣給自己的求購', 'own_listing');
      await requireTrader(deps.db, actor.userId, true);
      const now = deps.clock.now();
      if (listing.status !== 'active' || listing.expiresAt <= now) throw bidClosed(listing);
      if (input.price !== undefined && input.price !== listing.price) throw priceChanged(listing.price);
      const refusal = bidMismatch(listing, item) ?? itemRefusal(item, now);
      if (refusal) throw refusal;
      const row = await deps.db.transaction(async (tx) => {
        // Fills arriving together take turns on the bid's row, each the next copy, until none is left.
        const bid = (await repo.listing(tx, listing.id, { forUpdate: true }))!;
        if (bid.status !== 'active' || bid.expiresAt <= now) throw bidClosed(bid);
        // The price read above is the one settled: a bid repriced meanwhile (market/editPrice) is not filled here.
        if (bid.version !== listing.version) throw priceChanged(bid.price);
        // One copy per fill; the last one closes the listing. Fill n > 1 is keyed `<listing>:<n>`.
        const n = bid.filled + 1;
        const ref = n === 1 ? listing.id : `${listing.id}:${n}`;
        const sold = await repo.transition(
          tx,
          listing.id,
          ['active'],
          n < listing.quantity
            ? { filled: n, updatedAt: now }
            : {
                status: 'sold',
                filled: n,
                itemId: item.id,
                serial: item.serial,
                counterpartyId: actor.userId,
                closedAt: now,
                updatedAt: now,
              },
          { openAt: now, atVersion: bid.version, atFilled: bid.filled },
        );
        if (!sold) throw new AppError('internal', `bid ${listing.id} changed under its row lock`);
        const sale: MarketSale<'held'> = {
          id: item.id,
          fromUserId: actor.userId,
          toUserId: listing.userId,
          fromStatus: 'held',
          priceCents: listing.price,
          refId: ref,
        };
        const moved = await items[listing.kind].transfer(tx, sale);
        if (!moved) throw conflict('此物品已不在你的收藏或正在交易中，請重新整理');
        const what = describe({ itemName: item.name, serial: item.serial, editionSize: item.editionSize });
        await svc.wallet.post(
          tx,
          'bid_fill',
          ref,
          saleLines(accounts.escrow(listing.userId), actor.userId, listing.price, what),
        );
        await notifySale(svc.notifications, tx, 'bidFilled', sale, {
          listingId: listing.id,
          itemName: what,
          want: { kind: listing.kind, quantity: listing.quantity, filled: n },
        });
        const orderId = newId('mord');
        await svc.sales.record(
          tx,
          marketSale(itemSnapshot(item), {
            id: orderId,
            way: 'bid',
            buyerId: listing.userId,
            sellerId: actor.userId,
            price: listing.price,
            orderNo: listing.fundingOrderNo,
            posting: { kind: 'bid_fill', ref },
            listingId: listing.id,
            source: { kind: 'bid', id: listing.id },
          }),
        );
        return repo.insertOrder(tx, {
          id: orderId,
          orderNo: listing.fundingOrderNo,
          listingId: listing.id,
          sellType: 'buy',
          ...itemSnapshot(item),
          buyerId: listing.userId,
          sellerId: actor.userId,
          price: listing.price,
          fee: marketFee(listing.price).fee,
          status: 'completed',
          createdAt: now,
          completedAt: now,
        });
      });
      deps.log.info({ listingId: listing.id }, 'buy listing filled');
      // Answered from its sale (decision 049), as the histories will show it.
      const trade = await read.trade(deps.db, row.id);
      if (!trade) throw new AppError('internal', `fill ${row.id} of ${listing.id} has no sale`);
      return (await present.orderViews([trade], actor.userId))[0]!;
    },
  };
}

import {
  OFFER_MAX_OPEN,
  OFFER_WARN_PCT,
  type CreateOfferBody,
  type CreateOfferResult,
} from '../../../shared/schemas/offers';
import { formatHkd } from '../../../shared/money';
import { newId } from '../../adapters/ids';
import { conflict, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { describe } from '../market/market-presenters';
import { adjustHold } from './offer-postings';
import { NOT_VERIFIED, detailView, heldRefusal, marketPriceOf, settingsOf } from './offer-rules';
import type { OffersContext } from './offers-context';

const HOUR = 3_600_000;

/**
 * `offer/create` (issue 24): the price is held from the buyer's balance at once and the owner is told; with a short
 * balance the offer waits for an `offer` pay order (offer-funding.ts) and reaches the owner once it is paid.
 */
export function createOfferCreate(ctx: OffersContext) {
  const { deps, svc, repo } = ctx;

  /** The item an offer names, and the sell listing when it is made on one. Refusals follow issue 24's rules. */
  async function target(actor: Actor, input: CreateOfferBody, now: Date) {
    const item = await svc.market.offerItem(deps.db, input.kind, input.itemId);
    if (!item) throw notFound(input.kind === 'card' ? '找不到此卡牌' : '找不到此物品');
    if (item.ownerId === actor.userId) throw conflict('不能向自己的物品出價', 'own_item');
    if (!(await svc.identity.isVerified(deps.db, actor.userId))) throw conflict(NOT_VERIFIED, 'not_verified');
    const settings = await settingsOf(ctx, deps.db, item);
    if (input.listingId) {
      const listing = await svc.market.sellListing(deps.db, input.listingId);
      if (!listing || listing.itemId !== item.id) throw notFound('找不到此掛單');
      if (listing.status === 'reserved' || item.status === 'reserved')
        throw conflict('此掛單正由其他買家付款中，請稍後再試', 'reserved');
      if (listing.status !== 'active' || listing.expiresAt <= now) throw conflict('此掛單已售出或已下架', 'closed');
      return { item, settings, listingId: listing.id };
    }
    const refusal = heldRefusal(item, settings);
    if (refusal) throw conflict(refusal.msg, refusal.reason);
    return { item, settings, listingId: null };
  }

  /** The offer's row, its first round and (from the balance) its hold, under the buyer's lock: all or nothing. */
  function insert(actor: Actor, input: CreateOfferBody, found: Awaited<ReturnType<typeof target>>, now: Date) {
    const { item, listingId } = found;
    return deps.db.transaction(async (tx) => {
      // Under the buyer's lock: one offer per item, and at most 20 open, however many creates arrive at once.
      await repo.lockBuyer(tx, actor.userId);
      const mine = await repo.openOf(tx, actor.userId, item.id);
      if (mine?.status === 'pending_payment')
        throw conflict('你對此物品的出價正等待付款，請先完成或取消其付款訂單', 'awaiting_payment');
      if (mine) throw conflict('你已對此物品出價，請在出價紀錄中還價或取消', 'already_open');
      if ((await repo.openCountOf(tx, actor.userId)) >= OFFER_MAX_OPEN)
        throw conflict(`你最多可同時有 ${OFFER_MAX_OPEN} 個進行中的出價`, 'too_many');
      // A balance short of the price: the offer waits for its pay order (the bid's pattern), nothing is held yet.
      const fromBalance = (await svc.wallet.balancesOf(tx, actor.userId)).balance >= input.price;
      const row = await repo.insert(tx, {
        id: newId('ofr'),
        buyerId: actor.userId,
        sellerId: item.ownerId,
        kind: item.kind,
        cardInfoId: item.cardInfoId,
        productId: item.productId,
        itemId: item.id,
        itemName: item.name,
        itemImage: item.image,
        rarity: item.rarity,
        themeId: item.themeId,
        serial: item.serial,
        editionSize: item.editionSize,
        listingId,
        status: fromBalance ? 'open' : 'pending_payment',
        price: input.price,
        held: 0,
        turn: 'seller',
        expiresAt: new Date(now.getTime() + input.expiresInHours * HOUR),
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertRound(tx, {
        id: newId('ofrr'),
        offerId: row.id,
        n: 1,
        by: 'buyer',
        price: input.price,
        createdAt: now,
      });
      if (!fromBalance) return row;
      await adjustHold(svc, tx, row, input.price, '1');
      const held = await repo.step(tx, row.id, row.version, { held: input.price });
      await svc.notifications.notify(tx, item.ownerId, 'offerReceived', {
        offerId: row.id,
        itemName: describe(row),
        priceCents: input.price,
      });
      return held!;
    });
  }

  /** The `offer` pay order of an offer waiting for payment; when it cannot be opened, the offer is cancelled. */
  async function payOrderOf(actor: Actor, offerId: string, origin: string | undefined) {
    try {
      return await svc.payOrders.create(actor, { type: 'offer', offerId }, `ofr:${offerId}`, origin);
    } catch (err) {
      await repo.cancelUnfunded(deps.db, offerId, deps.clock.now());
      throw err;
    }
  }

  return async function create(actor: Actor, input: CreateOfferBody, origin?: string): Promise<CreateOfferResult> {
    const now = deps.clock.now();
    const found = await target(actor, input, now);
    const marketPrice = await marketPriceOf(ctx, found.item);
    const { autoDeclinePct } = found.settings;
    if (autoDeclinePct !== null && marketPrice !== null) {
      const floor = Math.ceil((marketPrice * autoDeclinePct) / 100);
      if (input.price < floor)
        throw conflict(`物主不接受低於市價 ${autoDeclinePct}% 的出價，請出價最少 ${formatHkd(floor)}`, 'auto_declined');
    }
    let offer = await insert(actor, input, found, now);
    const order = offer.status === 'pending_payment' ? await payOrderOf(actor, offer.id, origin) : null;
    if (order) offer = (await repo.offer(deps.db, offer.id)) ?? offer;
    deps.log.info({ offerId: offer.id, orderNo: order?.orderNo }, 'offer made');
    const low = marketPrice !== null && input.price * 100 < marketPrice * OFFER_WARN_PCT;
    return {
      ...detailView(offer, await repo.rounds(deps.db, offer.id), actor.userId, marketPrice),
      warning: low ? `你的出價低於市價（${formatHkd(marketPrice)}）的一半，物主較少接受` : null,
      orderNo: order?.orderNo ?? null,
      payUrl: order?.status === 'pending' ? order.payUrl : null,
    };
  };
}

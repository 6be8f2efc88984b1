import {
  OFFER_MAX_OPEN,
  OFFER_WARN_PCT,
  type CreateOfferBody,
  type CreateOfferResult,
  type OfferDetail,
} from '../../../shared/schemas/offers';
import { formatHkd } from '../../../shared/money';
import { newId } from '../../adapters/ids';
import { conflict, notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { describe } from '../market/market-presenters';
import { adjustHold, releaseHold } from './offer-postings';
import {
  NOT_VERIFIED,
  detailView,
  heldRefusal,
  marketPriceOf,
  requireOpen,
  requireRoundLeft,
  requireTurn,
  settingsOf,
  sideOf,
} from './offer-rules';
import type { OffersContext } from './offers-context';
import type { OfferRow } from './offers.repository';

const HOUR = 3_600_000;

/** Someone changed the offer between the read and the write. */
const changed = () => conflict('此出價剛有變動，請重新整理', 'changed');

/** A trader's actions on offers besides accepting (offer-accept.ts): make, counter, decline, cancel. */
export function createOfferActions(ctx: OffersContext, detail: (o: OfferRow, userId: string) => Promise<OfferDetail>) {
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

  return {
    /** `offer/create`: the price is held from the buyer's balance at once; the owner is told. */
    async create(actor: Actor, input: CreateOfferBody): Promise<CreateOfferResult> {
      const now = deps.clock.now();
      const { item, settings, listingId } = await target(actor, input, now);
      const marketPrice = await marketPriceOf(ctx, item);
      if (settings.autoDeclinePct !== null && marketPrice !== null) {
        const floor = Math.ceil((marketPrice * settings.autoDeclinePct) / 100);
        if (input.price < floor)
          throw conflict(
            `物主不接受低於市價 ${settings.autoDeclinePct}% 的出價，請出價最少 ${formatHkd(floor)}`,
            'auto_declined',
          );
      }
      const offer = await deps.db.transaction(async (tx) => {
        // Under the buyer's lock: one offer per item, and at most 20 open, however many creates arrive at once.
        await repo.lockBuyer(tx, actor.userId);
        if (await repo.openOf(tx, actor.userId, item.id))
          throw conflict('你已對此物品出價，請在出價紀錄中還價或取消', 'already_open');
        if ((await repo.openCountOf(tx, actor.userId)) >= OFFER_MAX_OPEN)
          throw conflict(`你最多可同時有 ${OFFER_MAX_OPEN} 個進行中的出價`, 'too_many');
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
          status: 'open',
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
        await adjustHold(svc, tx, row, input.price, '1');
        const held = await repo.step(tx, row.id, row.version, { held: input.price });
        await svc.notifications.notify(tx, item.ownerId, 'offerReceived', {
          offerId: row.id,
          itemName: describe(row),
          priceCents: input.price,
        });
        return held!;
      });
      deps.log.info({ offerId: offer.id }, 'offer made');
      const low = marketPrice !== null && input.price * 100 < marketPrice * OFFER_WARN_PCT;
      return {
        ...detailView(offer, await repo.rounds(deps.db, offer.id), actor.userId, marketPrice),
        warning: low ? `你的出價低於市價（${formatHkd(marketPrice)}）的一半，物主較少接受` : null,
      };
    },

    /** `offer/counter`: the side whose turn it is names a new price; a buyer's hold follows their price. */
    async counter(actor: Actor, input: { id: string; price: number }): Promise<OfferDetail> {
      const { offer, side } = sideOf(await repo.offer(deps.db, input.id), actor.userId);
      const now = deps.clock.now();
      requireOpen(offer, now);
      requireTurn(offer, side);
      requireRoundLeft(offer);
      if (input.price === offer.price) throw conflict('還價須與現價不同', 'same_price');
      const n = offer.rounds + 1;
      const row = await deps.db.transaction(async (tx) => {
        const stepped = await repo.step(tx, offer.id, offer.version, {
          price: input.price,
          turn: side === 'buyer' ? 'seller' : 'buyer',
          rounds: n,
          ...(side === 'buyer' ? { held: input.price } : {}),
          updatedAt: now,
        });
        if (!stepped) throw changed();
        if (side === 'buyer') await adjustHold(svc, tx, offer, input.price, String(n));
        await repo.insertRound(tx, {
          id: newId('ofrr'),
          offerId: offer.id,
          n,
          by: side,
          price: input.price,
          createdAt: now,
        });
        await svc.notifications.notify(tx, side === 'buyer' ? offer.sellerId : offer.buyerId, 'offerCountered', {
          offerId: offer.id,
          itemName: describe(offer),
          priceCents: input.price,
          side: side === 'buyer' ? 'seller' : 'buyer',
        });
        return stepped;
      });
      deps.log.info({ offerId: offer.id, round: n }, 'offer countered');
      return detail(row, actor.userId);
    },

    /** `offer/decline` (the side whose turn it is) and `offer/cancel` (the buyer, any time): the hold goes back. */
    async close(actor: Actor, id: string, how: 'decline' | 'cancel'): Promise<OfferDetail> {
      const { offer, side } = sideOf(await repo.offer(deps.db, id), actor.userId);
      const now = deps.clock.now();
      requireOpen(offer, now);
      if (how === 'cancel' && side !== 'buyer') throw conflict('物主請用「拒絕」結束出價', 'not_buyer');
      if (how === 'decline') requireTurn(offer, side);
      const status = how === 'cancel' ? 'cancelled' : 'declined';
      const row = await deps.db.transaction(async (tx) => {
        const closed = await repo.step(tx, offer.id, offer.version, { status, held: 0, closedAt: now, updatedAt: now });
        if (!closed) throw changed();
        await releaseHold(svc, tx, offer, how === 'cancel' ? '出價取消退款' : '出價被拒退款');
        if (side === 'seller' || how === 'decline')
          await svc.notifications.notify(tx, side === 'seller' ? offer.buyerId : offer.sellerId, 'offerDeclined', {
            offerId: offer.id,
            itemName: describe(offer),
            priceCents: offer.price,
            reason: side === 'seller' ? 'owner' : 'buyer',
          });
        return closed;
      });
      deps.log.info({ offerId: offer.id, status }, 'offer closed');
      return detail(row, actor.userId);
    },
  };
}

import type { z } from 'zod';
import type {
  Offer,
  OfferAvailability,
  OfferDetail,
  OfferListQuery,
  OfferSettings,
  OfferSettingsBodySchema,
} from '../../../shared/schemas/offers';
import { notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { describe } from '../market/market-presenters';
import { createOfferAccept } from './offer-accept';
import { createOfferActions } from './offer-actions';
import { createOfferCreate } from './offer-create';
import { createOfferDepartures } from './offer-departures';
import { createOfferOrderType } from './offer-funding';
import { createOfferTopUpType } from './offer-topup';
import { releaseHold } from './offer-postings';
import { detailView, heldRefusal, marketPriceOf, offerView, settingsOf, sideOf } from './offer-rules';
import type { OffersContext, OffersServices } from './offers-context';
import { createOffersRepository, type OfferRow, type OffersRepository } from './offers.repository';

export type { OffersServices };

/**
 * Offers and counter-offers with escrowed money (issue 24). Parts, one file each:
 * - offer-create.ts: make (from the balance, or waiting for its pay order);
 * - offer-funding.ts: the `offer` pay-order type that funds it; offer-topup.ts: `offer_topup`, a counter's top-up;
 * - offer-actions.ts: counter, decline, cancel;
 * - offer-departures.ts: an item leaving by another path ends its offers;
 * - offer-accept.ts: accept, settled at once in one transaction;
 * - offer-postings.ts: the money steps (hold, top-up, release, sale);
 * - offer-rules.ts: who may act, settings, the views.
 */
export function createOffersService(
  deps: OffersContext['deps'],
  svc: OffersServices,
  repo: OffersRepository = createOffersRepository(),
) {
  const ctx: OffersContext = { deps, svc, repo };
  const detail = async (o: OfferRow, userId: string): Promise<OfferDetail> =>
    detailView(o, await repo.rounds(deps.db, o.id), userId, await marketPriceOf(ctx, o));
  const actions = createOfferActions(ctx, detail);
  const accepting = createOfferAccept(ctx, detail);
  // An offer made with a short balance waits for its `offer` pay order (offer-funding.ts); a counter's top-up with a
  // short balance is paid by an `offer_topup` order that settles the accept (offer-topup.ts).
  svc.payOrders.registerOrderType('offer', createOfferOrderType(ctx));
  svc.payOrders.registerOrderType('offer_topup', createOfferTopUpType(ctx, accepting.settleIn));
  // An item leaving by another path ends its open offers in that transaction (offer-departures.ts).
  svc.departures.listen(createOfferDepartures(ctx));

  /** The owner's own item (someone else's, or none, is not found). */
  async function ownItem(actor: Actor, kind: 'card' | 'goods', itemId: string) {
    const item = await svc.market.offerItem(deps.db, kind, itemId);
    if (!item || item.ownerId !== actor.userId) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此物品');
    return item;
  }

  return {
    create: createOfferCreate(ctx),
    counter: actions.counter,
    accept: accepting.accept,
    /** `offer/decline`: the side whose turn it is turns the price down. */
    decline: (actor: Actor, id: string) => actions.close(actor, id, 'decline'),
    /** `offer/cancel`: the buyer withdraws. */
    cancel: (actor: Actor, id: string) => actions.close(actor, id, 'cancel'),

    /** `offer/list?role=made|received`: the caller's offers, newest first. */
    async list(actor: Actor, q: OfferListQuery): Promise<Offer[]> {
      const rows = await repo.listOf(deps.db, {
        userId: actor.userId,
        role: q.role,
        status: q.status,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return rows.map((o) => offerView(o, actor.userId));
    },

    /** `offer/detail`: the offer and its thread, for its buyer or owner only. */
    async detail(actor: Actor, id: string): Promise<OfferDetail> {
      const { offer } = sideOf(await repo.offer(deps.db, id), actor.userId);
      return detail(offer, actor.userId);
    },

    /** `GET offer/settings`: whether the owner's item takes offers, and its auto-decline share. */
    async settings(actor: Actor, q: { kind: 'card' | 'goods'; itemId: string }): Promise<OfferSettings> {
      const item = await ownItem(actor, q.kind, q.itemId);
      return { kind: q.kind, itemId: item.id, ...(await settingsOf(ctx, deps.db, item)) };
    },

    /**
     * `offer/availability` (anyone, signed in or not): whether the item takes an offer from the caller now (the
     * public card page shows 出價 only then). A missing item is not found.
     */
    async availability(actor: Actor | null, q: { kind: 'card' | 'goods'; itemId: string }): Promise<OfferAvailability> {
      const item = await svc.market.offerItem(deps.db, q.kind, q.itemId);
      if (!item) throw notFound(q.kind === 'card' ? '找不到此卡牌' : '找不到此物品');
      const refusal =
        item.ownerId === actor?.userId
          ? { msg: '這是你自己的物品' }
          : heldRefusal(item, await settingsOf(ctx, deps.db, item));
      return { takesOffers: !refusal, reason: refusal?.msg ?? null, marketPrice: await marketPriceOf(ctx, item) };
    },

    /** `POST offer/settings`: the owner switches offers on or off and sets the auto-decline share. */
    async saveSettings(actor: Actor, input: z.infer<typeof OfferSettingsBodySchema>): Promise<OfferSettings> {
      const item = await ownItem(actor, input.kind, input.itemId);
      await repo.saveSettings(deps.db, {
        itemId: item.id,
        ownerId: actor.userId,
        allowOffers: input.allowOffers,
        autoDeclinePct: input.autoDeclinePct,
        updatedAt: deps.clock.now(),
      });
      return input;
    },

    /**
     * Expires open offers past their time (the offers' sweep job): the hold goes back, both sides are told. Safe on
     * several instances: rows are locked with SKIP LOCKED.
     */
    async expireDue(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await repo.due(tx, now, limit);
        for (const o of due) {
          const expired = await repo.step(tx, o.id, o.version, {
            status: 'expired',
            held: 0,
            closedAt: now,
            updatedAt: now,
          });
          if (!expired) continue;
          await releaseHold(svc, tx, o, '出價過期退款');
          const facts = { offerId: o.id, itemName: describe(o) };
          await svc.notifications.notify(tx, o.buyerId, 'offerExpired', { ...facts, side: 'buyer' });
          await svc.notifications.notify(tx, o.sellerId, 'offerExpired', { ...facts, side: 'seller' });
        }
        return due.length;
      });
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;

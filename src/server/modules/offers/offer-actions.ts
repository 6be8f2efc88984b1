import type { OfferDetail } from '../../../shared/schemas/offers';
import { newId } from '../../adapters/ids';
import { conflict } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { describe } from '../market/market-presenters';
import { adjustHold, closeUnsold } from './offer-postings';
import { requireOpen, requireRoundLeft, requireTurn, sideOf } from './offer-rules';
import type { OffersContext } from './offers-context';
import type { OfferRow } from './offers.repository';

/** Someone changed the offer between the read and the write. */
const changed = () => conflict('此出價剛有變動，請重新整理', 'changed');

/** A trader's actions on an offer besides making (offer-create.ts) and accepting (offer-accept.ts): counter, decline, cancel. */
export function createOfferActions(ctx: OffersContext, detail: (o: OfferRow, userId: string) => Promise<OfferDetail>) {
  const { deps, svc, repo } = ctx;

  return {
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
        const told =
          side === 'seller'
            ? { to: offer.buyerId, reason: 'owner' as const }
            : how === 'decline'
              ? { to: offer.sellerId, reason: 'buyer' as const }
              : null;
        await closeUnsold(svc, tx, offer, how === 'cancel' ? '出價取消退款' : '出價被拒退款', told);
        return closed;
      });
      deps.log.info({ offerId: offer.id, status }, 'offer closed');
      return detail(row, actor.userId);
    },
  };
}

import type { DepartureHandler } from '../../item-departures';
import { refundEnded } from './offer-postings';
import type { OffersContext } from './offers-context';

/**
 * An item left its owner by another path than an offer (a market sale, a set exchange, a delivery; issue 24): in that
 * transaction its open offers end (`declined`, `unavailable`), their money goes back to each buyer's balance and each
 * buyer is told. An offer another transaction holds at that moment (an accept or counter under way) is left to it: an
 * accept then finds the item gone and ends the offer itself (offer-accept.ts).
 */
export function createOfferDepartures({ deps, svc, repo }: OffersContext): DepartureHandler {
  return async (tx, departure) => {
    const now = deps.clock.now();
    const how = { status: 'declined', closeReason: 'unavailable', skipLocked: true } as const;
    for (const o of await repo.closeOpenOn(tx, departure.itemId, how, now))
      await refundEnded(svc, tx, o, 'unavailable');
  };
}

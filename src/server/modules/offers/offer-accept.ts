import type { AcceptOfferResult, OfferDetail } from '../../../shared/schemas/offers';
import { formatHkd } from '../../../shared/money';
import { newId } from '../../adapters/ids';
import type { Tx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { describe } from '../market/market-presenters';
import { marketSale } from '../market/market-postings';
import { notifySale } from '../notifications/sale-notices';
import { adjustHold, refundEnded, settleSale } from './offer-postings';
import { NO_PAYOUT, requireOpen, requireTurn, sideOf, TOP_UP_PENDING } from './offer-rules';
import type { OffersContext } from './offers-context';
import type { OfferRow } from './offers.repository';

/**
 * `offer/accept`, settled at once in one transaction (issue 24): the offer is accepted at the version read (a second
 * accept, a cancel or a counter in between finds it changed); a buyer accepting a higher counter tops up the hold;
 * the item's sell listing (if any) is withdrawn and the item moves to the buyer (provenance by the cards or goods
 * service); the price goes from escrow to the seller less the market fee; every other open offer on the item closes
 * and its money goes back; both sides are told. Any refusal rolls all of it back.
 */
export function createOfferAccept(ctx: OffersContext, detail: (o: OfferRow, userId: string) => Promise<OfferDetail>) {
  const { deps, svc, repo } = ctx;

  /**
   * `offer/accept`; a buyer whose balance is short of a higher counter's top-up gets an `offer_topup` pay order for
   * the difference instead (its checkout on `origin`), and the accept settles when it is paid (offer-topup.ts).
   */
  async function accept(
    actor: Actor,
    input: { id: string; price?: number },
    origin?: string,
  ): Promise<AcceptOfferResult> {
    const { offer, side } = sideOf(await repo.offer(deps.db, input.id), actor.userId);
    const now = deps.clock.now();
    requireOpen(offer, now);
    requireTurn(offer, side);
    if (input.price !== undefined && input.price !== offer.price)
      throw conflict(`價格剛有變動，現價為 ${formatHkd(offer.price)}，請重新確認`, 'price_changed');
    if (!(await svc.identity.payoutAccount(deps.db, offer.sellerId)))
      throw side === 'seller'
        ? conflict(NO_PAYOUT, 'no_payout_account')
        : conflict('物主尚未設定收款帳戶，暫時不能成交', 'no_payout_account');
    const topUp = offer.price - offer.held;
    if (side === 'buyer' && topUp > (await svc.wallet.balancesOf(deps.db, actor.userId)).balance) {
      const order = await topUpOrder(actor, offer, origin);
      return { ...(await detail(offer, actor.userId)), orderNo: order.orderNo, payUrl: order.payUrl };
    }
    const what = describe(offer);
    const row = await settle(offer, what, now).catch(async (err: unknown) => {
      // The item left by another path (sold, exchanged, sent): the offer cannot settle, so it ends and its money goes back.
      if (err instanceof AppError && err.reason === 'unavailable') await closeUnavailable(offer, now);
      throw err;
    });
    deps.log.info({ offerId: offer.id }, 'offer accepted');
    return { ...(await detail(row, actor.userId)), orderNo: null, payUrl: null };
  }

  /** The buyer's pending top-up order of this offer, or a new one (a tap again answers the one still to pay). */
  async function topUpOrder(actor: Actor, offer: OfferRow, origin: string | undefined) {
    const pending = async () =>
      (
        await svc.payOrders.list(actor, {
          type: 'offer_topup',
          status: 'pending',
          itemId: offer.id,
          page: 1,
          pageSize: 1,
        })
      )[0];
    const known = await pending();
    if (known?.amount === offer.price - offer.held) return known;
    // Made for an older price (the offer was countered since): paid, it would only reach the balance. Another tap
    // may cancel it first, or its payment land meanwhile (then it goes to the balance): either way a new one opens.
    if (known) await svc.payOrders.cancel(actor, known.orderNo).catch(() => undefined);
    return svc.payOrders
      .create(actor, { type: 'offer_topup', offerId: offer.id }, `ofa:${newId('k')}`, origin)
      .catch(async (err: unknown) => {
        // Another tap made it meanwhile (the create refuses a second under the buyer's lock): that one is answered.
        const made = err instanceof AppError && err.reason === TOP_UP_PENDING ? await pending() : undefined;
        if (made) return made;
        throw err;
      });
  }

  async function closeUnavailable(offer: OfferRow, now: Date): Promise<void> {
    await deps.db.transaction(async (tx) => {
      if (await repo.endUnavailable(tx, offer.id, offer.version, now)) await refundEnded(svc, tx, offer, 'unavailable');
    });
  }

  /**
   * The accept's one transaction, in `tx`: with `paid` (an `offer_topup` order's settlement), the top-up already came
   * into escrow through its order, so the hold is not topped up from the balance again.
   */
  async function settleIn(tx: Tx, offer: OfferRow, what: string, now: Date, paid = false) {
    await repo.lockOpenOn(tx, offer.itemId!);
    const accepted = await repo.step(tx, offer.id, offer.version, {
      status: 'accepted',
      held: 0,
      closedAt: now,
      updatedAt: now,
    });
    if (!accepted) throw conflict('此出價剛有變動或已結束，請重新整理', 'changed');
    // The buyer takes the owner's counter: the hold becomes its price (a top-up, or the excess back).
    if (!paid) await adjustHold(svc, tx, offer, offer.price, 'accept');
    const listingId = await svc.market.sellForOffer(tx, offer.itemId!, offer.buyerId);
    // The other offers close first: the item's move below tells offers it left, and finds none of them open.
    for (const other of await repo.closeOpenOn(
      tx,
      offer.itemId!,
      { exceptId: offer.id, status: 'cancelled', closeReason: 'sold' },
      now,
    ))
      await refundEnded(svc, tx, other, 'sold');
    const sale = {
      id: offer.itemId!,
      fromUserId: offer.sellerId,
      toUserId: offer.buyerId,
      fromStatus: 'held' as const,
      priceCents: offer.price,
      refId: offer.id,
    };
    const moved = await (offer.kind === 'card' ? svc.cards.transfer(tx, sale) : svc.goods.transfer(tx, sale));
    if (!moved)
      throw conflict('此物品已不在物主的收藏或正在交易中，不能成交；此出價已結束，款項已退回買家', 'unavailable');
    await settleSale(svc, tx, offer, what);
    await svc.sales.record(
      tx,
      marketSale(
        { ...offer, itemId: offer.itemId },
        {
          way: 'offer',
          buyerId: offer.buyerId,
          sellerId: offer.sellerId,
          price: offer.price,
          orderNo: offer.fundingOrderNo,
          posting: { kind: 'offer_sale', ref: offer.id },
          listingId,
          source: { kind: 'offer', id: offer.id },
        },
      ),
    );
    await notifySale(svc.notifications, tx, 'offerAccepted', sale, { offerId: offer.id, itemName: what });
    return accepted;
  }

  const settle = (offer: OfferRow, what: string, now: Date) =>
    deps.db.transaction((tx) => settleIn(tx, offer, what, now));

  return { accept, settleIn };
}

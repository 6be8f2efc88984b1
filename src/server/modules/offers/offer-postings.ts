import { marketFee } from '../../../shared/schemas/market';
import type { Tx } from '../../db/client';
import { describe } from '../market/market-presenters';
import { accounts } from '../wallet/wallet.service';
import type { OfferNotificationData } from '../notifications/offer-notification-kinds';
import type { OffersServices } from './offers-context';
import type { OfferRow } from './offers.repository';

/**
 * An offer's money (issue 24), held like a buy listing's: in the buyer's escrow account, from their wallet balance.
 * Every step is one posting keyed by the offer (and its round), so it is booked once.
 */
type Wallet = Pick<OffersServices, 'wallet'>;

/**
 * Moves the buyer's hold from what it is to `to`: the difference from the balance (a top-up, 409 when the balance is
 * short) or back to it. Keyed `<offer>:<step>` (the round it belongs to, or `accept`).
 */
export async function adjustHold(svc: Wallet, tx: Tx, offer: OfferRow, to: number, step: string): Promise<void> {
  const diff = to - offer.held;
  if (diff === 0) return;
  await svc.wallet.post(tx, 'offer_hold', `${offer.id}:${step}`, [
    {
      account: accounts.balance(offer.buyerId),
      amount: -diff,
      kind: diff > 0 ? 'offer_escrow' : 'offer_refund',
      description: `${diff > 0 ? '出價預付' : '出價調低退款'}：${offer.itemName}`,
    },
    { account: accounts.escrow(offer.buyerId), amount: diff, kind: 'offer_escrow' },
  ]);
}

/** The offer closed without a sale (declined, cancelled, expired, the item sold to another): its hold goes back. */
export async function releaseHold(svc: Wallet, tx: Tx, offer: OfferRow, why: string): Promise<void> {
  if (offer.held === 0) return;
  await svc.wallet.post(tx, 'offer_release', offer.id, [
    { account: accounts.escrow(offer.buyerId), amount: -offer.held, kind: 'offer_escrow' },
    {
      account: accounts.balance(offer.buyerId),
      amount: offer.held,
      kind: 'offer_refund',
      description: `${why}：${offer.itemName}`,
    },
  ]);
}

/**
 * The offer closed without a sale, in this transaction: its hold goes back (`why`, on the buyer's statement) and `to`
 * is told it ended for `reason` (nobody when the buyer withdrew it themselves).
 */
export async function closeUnsold(
  svc: Pick<OffersServices, 'wallet' | 'notifications'>,
  tx: Tx,
  offer: OfferRow,
  why: string,
  told: { to: string; reason: OfferNotificationData['offerDeclined']['reason'] } | null,
): Promise<void> {
  await releaseHold(svc, tx, offer, why);
  if (!told) return;
  await svc.notifications.notify(tx, told.to, 'offerDeclined', {
    offerId: offer.id,
    itemName: describe(offer),
    priceCents: offer.price,
    reason: told.reason,
  });
}

/** The sale: the held price from the buyer's escrow to the seller, the market fee to the platform (the market's fee). */
export async function settleSale(svc: Wallet, tx: Tx, offer: OfferRow, what: string): Promise<void> {
  const { fee } = marketFee(offer.price);
  await svc.wallet.post(tx, 'offer_sale', offer.id, [
    {
      account: accounts.escrow(offer.buyerId),
      amount: -offer.price,
      kind: 'offer_escrow',
      description: `出價成交：${what}`,
    },
    { account: accounts.balance(offer.sellerId), amount: offer.price, kind: 'sale', description: `出售所得：${what}` },
    { account: accounts.balance(offer.sellerId), amount: -fee, kind: 'fee', description: `市場手續費：${what}` },
    { account: accounts.fees, amount: fee, kind: 'internal' },
  ]);
}

/**
 * An offer ended by something else than its parties (the item went to another buyer: `sold`; it left its owner:
 * `unavailable`): its hold goes back and its buyer is told. The row was closed by the caller, in `tx`.
 */
export const refundEnded = (
  svc: Pick<OffersServices, 'wallet' | 'notifications'>,
  tx: Tx,
  offer: OfferRow,
  reason: 'sold' | 'unavailable',
): Promise<void> => closeUnsold(svc, tx, offer, '出價結束退款', { to: offer.buyerId, reason });

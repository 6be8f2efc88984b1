import { conflict, notFound } from '../../errors';
import type { Tx } from '../../db/client';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import { accounts } from '../wallet/wallet.service';
import { describe } from '../market/market-presenters';
import { requireOpen, requireTurn, TOP_UP_PENDING } from './offer-rules';
import type { OffersContext } from './offers-context';
import type { OfferRow } from './offers.repository';

type SettleIn = (tx: Tx, offer: OfferRow, what: string, now: Date, paid: boolean) => Promise<OfferRow>;

/** The item statuses an accept can take the item from (a reserved sell listing's buyer is paying). */
const ACCEPTABLE = new Set(['held', 'listed']);

/**
 * The `offer_topup` pay-order type (decision 040, amended): a buyer accepting a counter above their hold with a short
 * balance pays the difference through a pay order (the same methods as an offer's funding). Reserved, it holds
 * nothing (the offer stays open, the buyer's turn). Paid, settlement books the difference into the buyer's escrow
 * (`offer_funding`, keyed by the order) and settles the accept in its transaction, at the price the order was made
 * for. If the offer or its item moved on meanwhile (cancelled, expired, countered, the item gone or being bought), the
 * difference goes to the buyer's balance instead, in the same posting, and nothing else moves.
 */
export function createOfferTopUpType({ deps, svc, repo }: OffersContext, settleIn: SettleIn) {
  /** Whether the paid top-up still settles the accept it was made for. */
  async function stillAcceptable(tx: Tx, offer: OfferRow | null, topUp: number, now: Date) {
    if (!offer || offer.status !== 'open' || offer.turn !== 'buyer' || offer.expiresAt <= now) return false;
    if (offer.price - offer.held !== topUp) return false;
    if (!(await svc.identity.payoutAccount(tx, offer.sellerId))) return false;
    const item = await svc.market.offerItem(tx, offer.kind, offer.itemId!);
    return !!item && item.ownerId === offer.sellerId && ACCEPTABLE.has(item.status);
  }

  const type: OrderType<OrderInput<'offer_topup'>> = {
    itemId: (input) => input.offerId,
    async availability() {
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, itemId: id }, now) {
      const offer = await repo.offer(tx, id);
      if (!offer || offer.buyerId !== buyerId) throw notFound('找不到此出價');
      requireOpen(offer, now);
      requireTurn(offer, 'buyer');
      if (offer.price <= offer.held) throw conflict('此價格毋須補足差額，可直接接受', 'no_top_up');
      // One top-up at a time: two taps at once are serialised by the buyer's lock, and the second answers the first's.
      if (await svc.payOrders.hasPending(tx, buyerId, 'offer_topup', id, now))
        throw conflict('補足差額的付款單已開出，請前往付款', TOP_UP_PENDING);
      return {
        listingId: offer.id,
        itemName: `出價補足差額：${describe(offer)}`,
        itemImage: offer.itemImage,
        unitPriceCents: offer.price - offer.held,
      };
    },
    async release() {
      // Nothing was held: the offer stayed open while its top-up waited.
      return true;
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const before = await repo.offer(tx, order.listingId!);
      if (before) await repo.lockOpenOn(tx, before.itemId!);
      const offer = await repo.offer(tx, order.listingId!);
      const accepting = await stillAcceptable(tx, offer, order.amountCents, now);
      const name = offer?.itemName ?? order.itemName;
      await svc.wallet.post(tx, 'offer_funding', order.orderNo, [
        { account: accounts.ordersClearing, amount: -order.amountCents, kind: 'internal' },
        accepting
          ? {
              account: accounts.escrow(order.buyerId),
              amount: order.amountCents,
              kind: 'offer_escrow',
              description: `出價補足差額：${name}`,
            }
          : {
              account: accounts.balance(order.buyerId),
              amount: order.amountCents,
              kind: 'offer_refund',
              description: `出價未能成交，補足款項存入餘額：${name}`,
            },
      ]);
      if (accepting) {
        await settleIn(tx, offer!, describe(offer!), now, true);
        deps.log.info({ offerId: offer!.id, orderNo: order.orderNo }, 'offer accepted with a paid top-up');
      } else {
        deps.log.info({ offerId: order.listingId, orderNo: order.orderNo }, 'offer top-up paid to the balance');
      }
      return {};
    },
  };
  return type;
}
